import { notFound } from 'next/navigation'
import { crawlerPath, libraryBasePath, sectionPath, type ReferenceLibrary } from '../libraries'
import { loadReference } from '../load-reference'
import { prepareLibrary } from '../prepare-sections'
import { REF_ATTR, dataAttr } from '../dom-contract'
import { ReferenceNavigation } from '../ReferenceNavigation.client'
import { latestOf } from '../routes'
import { olderToLatest } from '../versions'
import { crawlerIndex } from '../crawler-index'
import { ReferenceMenu } from './ReferenceMenu'
import { ReferenceSectionView } from './ReferenceSectionView'
import { VersionBanner } from './VersionBanner'
import { collapseStatic } from '@/lib/static-markup'
import { Island } from '@/components/ui/Island'
import { fileIslandStore, moveToIslands } from '@/features/static-islands'
import '../reference.css'
import '../run-result.css'

/** One section with its full content, a list of the library's sections, and a canonical link. */
export async function CrawlerPage({ library, slug }: { library: ReferenceLibrary; slug: string }) {
  const reference = await loadReference(library.key)
  const source = reference.sections.find((section) => section.slug === slug)
  if (!source) notFound()
  const { sections, codeCss } = await prepareLibrary(library.key)
  const section = sections.find((candidate) => candidate.slug === slug)
  if (!section) notFound()
  const latest = latestOf(library)
  const latestReference = latest ? await loadReference(latest.key) : undefined
  const latestSlug = latestReference
    ? olderToLatest(reference.sections, latestReference.sections)[slug]
    : undefined
  const latestHref =
    latest && (latestSlug === undefined ? libraryBasePath(latest) : sectionPath(latest, latestSlug))
  const collapsed = await collapseStatic(
    <main id="main-content" tabIndex={-1} className="ref-main ref-crawler-main">
      {latest && latestHref ? (
        <VersionBanner library={library} latest={latest} latestHref={latestHref} />
      ) : null}
      <p className="ref-crawler-up">
        <a href={libraryBasePath(library)}>{library.name}</a>
      </p>
      <article className="doc-content ref-article">
        <ReferenceSectionView
          section={section}
          hrefFor={(target) => sectionPath(library, target)}
          rendering={{
            deferred: false,
            partsHref: crawlerPath(library, slug),
            pageHref: libraryBasePath(library),
          }}
          topLevel
        />
      </article>
      <section className="ref-crawler-index" aria-labelledby="ref-crawler-index-title">
        <h2 id="ref-crawler-index-title">All sections</h2>
        <ReferenceMenu
          categories={crawlerIndex(reference.tree.categories, source.category, reference.sections.length)}
          hrefFor={(target) => crawlerPath(library, target)}
          label={`${library.name} sections`}
          scrollSpy={false}
        />
      </section>
    </main>,
  )
  // As on the long page: the static parts go into the page file, not the route data. No page runs
  // the router (features/hydration-islands), so nothing renders a crawler page from its route data.
  const layout =
    process.env.NODE_ENV === 'production' ? moveToIslands(collapsed, fileIslandStore()) : collapsed
  return (
    <div className="ref-page ref-crawler" {...dataAttr(REF_ATTR.page)}>
      {codeCss ? (
        <style href={`reference-code-${library.key}`} precedence="default">
          {codeCss}
        </style>
      ) : null}
      {layout}
      <p className="sr-only" aria-live="polite" {...dataAttr(REF_ATTR.announcer)} />
      <Island
        name="ReferenceNavigation"
        component={ReferenceNavigation}
        props={{ libraryKey: library.key, mode: 'single' as const }}
      />
    </div>
  )
}
