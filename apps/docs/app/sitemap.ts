import type { MetadataRoute } from 'next'
import { listGuides } from '@/features/guides'
import { listReferenceSitemapEntries } from '@/features/reference'
import { absoluteUrl } from '@/lib/site-config'

export const dynamic = 'force-static'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const guides = listGuides().map((guide) => ({
    url: absoluteUrl(guide.href),
    priority: guide.frontMatter.sitemapPriority ?? 0.7,
  }))
  // Reference sections are listed by their canonical URL, never the crawler copy.
  const reference = (await listReferenceSitemapEntries()).map((entry) => ({
    url: absoluteUrl(entry.path),
    priority: entry.priority,
  }))
  return [
    { url: absoluteUrl('/'), priority: 1 },
    { url: absoluteUrl('/guides'), priority: 0.8 },
    ...guides,
    ...reference,
  ]
}
