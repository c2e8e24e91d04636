import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { GuideArticle } from '@/features/guides/components'
import { findGuide, listGuides } from '@/features/guides'

type Params = { slug: string[] }

export const dynamicParams = false

export function generateStaticParams(): Params[] {
  return listGuides()
    .filter((guide) => guide.slug.length > 0)
    .map((guide) => ({ slug: guide.slug }))
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const guide = findGuide((await params).slug)
  if (!guide) return {}
  const { title, description } = guide.frontMatter
  return {
    title,
    description,
    alternates: { canonical: guide.href },
    openGraph: { title, description, url: guide.href, type: 'article' },
  }
}

export default async function GuidePage({ params }: { params: Promise<Params> }) {
  const guide = findGuide((await params).slug)
  if (!guide) notFound()
  return <GuideArticle guide={guide} />
}
