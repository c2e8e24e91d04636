import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import {
  CrawlerPage,
  ReferenceLongPage,
  listReferenceRouteParams,
  matchReferenceRoute,
  referenceRouteMetadata,
} from '@/features/reference/pages'

type Params = { path: string[] }

export const dynamicParams = false

export function generateStaticParams(): Promise<Params[]> {
  return listReferenceRouteParams()
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const route = matchReferenceRoute((await params).path)
  return route ? referenceRouteMetadata(route) : {}
}

export default async function ReferencePage({ params }: { params: Promise<Params> }) {
  const route = matchReferenceRoute((await params).path)
  if (!route) notFound()
  return route.type === 'page' ? (
    <ReferenceLongPage library={route.library} />
  ) : (
    <CrawlerPage library={route.library} slug={route.slug} />
  )
}
