import type { MetadataRoute } from 'next'
import { listGuides } from '@/features/guides/guides'
import { absoluteUrl } from '@/lib/site-config'

export const dynamic = 'force-static'

export default function sitemap(): MetadataRoute.Sitemap {
  const guides = listGuides().map((guide) => ({
    url: absoluteUrl(guide.href),
    priority: guide.frontMatter.sitemapPriority ?? 0.7,
  }))
  return [{ url: absoluteUrl('/'), priority: 1 }, { url: absoluteUrl('/guides'), priority: 0.8 }, ...guides]
}
