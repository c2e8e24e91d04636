import { crawlerPath, libraryBasePath, sectionPath, versionsOf, type ReferenceLibrary } from '../libraries'
import { loadReference } from '../load-reference'
import { prepareLibrary } from '../prepare-sections'
import { landingPlaceScript, landingStartScript } from '../deep-link-landing'
import { REF_ATTR, dataAttr } from '../dom-contract'
import { ReferenceNavigation } from '../ReferenceNavigation.client'
import { latestOf, otherVersions } from '../routes'
import { switchedFromScript } from '../versions'
import { MarkdownHtml } from './CodeFigure'
import { SharedResponses } from './OperationSection'
import { ReferenceMenu } from './ReferenceMenu'
import { ReferenceSectionView } from './ReferenceSectionView'
import { collapseStatic } from '@/lib/static-markup'
import { Island } from '@/components/ui/Island'
import { fileIslandStore, moveToIslands } from '@/features/static-islands'
import { VersionBanner } from './VersionBanner'
import { SwitchedVersionNote, VersionSwitch } from './VersionSwitch'
import '../reference.css'
import '../run-result.css'

/**
 * Sections whose examples (and flags) are in the page's HTML; later ones load theirs as they near
 * the view.
 */
const EAGER_SECTIONS = 3

/**
 * The long page of one library version: every section, server-rendered once. Section URLs are
 * answered by this same page (see rewrites.ts); its script scrolls to the slug. Its static parts
 * (the menu, the sections) reach the browser as HTML that React does not hydrate, written into the
 * page file only (see features/static-islands); the page script attaches to that markup through
 * `dom-contract.ts`.
 */
export async function ReferenceLongPage({ library }: { library: ReferenceLibrary }) {
  const reference = await loadReference(library.key)
  const { sections, introHtml, sharedResponses, codeCss } = await prepareLibrary(library.key)
  const latest = latestOf(library)
  const versions = versionsOf(library)
  const others = await otherVersions(library)
  const hrefFor = (slug: string) => sectionPath(library, slug)
  const collapsed = await collapseStatic(
    <div className="ref-layout">
      <div className="ref-aside">
        <div className="ref-aside-bar">
          <button
            type="button"
            className="ref-menu-toggle contents-toggle"
            {...dataAttr(REF_ATTR.menuToggle)}
            aria-expanded="false"
            aria-controls="reference-menu"
          >
            Contents
          </button>
          {versions.length > 0 ? <VersionSwitch library={library} versions={versions} /> : null}
        </div>
        <ReferenceMenu
          id="reference-menu"
          categories={reference.tree.categories}
          hrefFor={hrefFor}
          label={`${library.name} sections`}
          scrollSpy
        />
      </div>
      <main id="main-content" tabIndex={-1} className="ref-main">
        {versions.length > 0 ? <SwitchedVersionNote library={library} /> : null}
        {latest ? (
          <VersionBanner library={library} latest={latest} latestHref={libraryBasePath(latest)} />
        ) : null}
        <header className="ref-intro">
          <h1>{library.name}</h1>
          <p className="ref-version">Version {reference.specVersion}</p>
          <MarkdownHtml html={introHtml} className="ref-md ref-lead" />
        </header>
        <article className="doc-content ref-article">
          {sections.map((section, index) => (
            <ReferenceSectionView
              key={section.slug}
              section={section}
              hrefFor={hrefFor}
              rendering={{
                deferred: true,
                partsHref: crawlerPath(library, section.slug),
                pageHref: libraryBasePath(library),
                lazyParts: index >= EAGER_SECTIONS,
              }}
            />
          ))}
        </article>
        {sharedResponses.length > 0 ? (
          <div className="doc-content">
            <SharedResponses responses={sharedResponses} />
          </div>
        ) : null}
        {sections[0] ? (
          <p className="ref-crawler-hint">
            Every section also has a page of its own:{' '}
            <a href={crawlerPath(library, sections[0].slug)}>browse the sections one by one</a>.
          </p>
        ) : null}
      </main>
    </div>,
  )
  // The production build writes the static parts into the page file instead of the route data;
  // the development server has no postbuild step to do that.
  const layout =
    process.env.NODE_ENV === 'production' ? moveToIslands(collapsed, fileIslandStore()) : collapsed
  return (
    <div className="ref-page" {...dataAttr(REF_ATTR.page)}>
      {codeCss ? (
        <style href={`reference-code-${library.key}`} precedence="default">
          {codeCss}
        </style>
      ) : null}
      {/* A section URL paints at its section: see deep-link-landing.ts. */}
      <script dangerouslySetInnerHTML={{ __html: landingStartScript(libraryBasePath(library)) }} />
      {versions.length > 0 ? <script dangerouslySetInnerHTML={{ __html: switchedFromScript }} /> : null}
      {layout}
      <script dangerouslySetInnerHTML={{ __html: landingPlaceScript }} />
      <p className="sr-only" aria-live="polite" {...dataAttr(REF_ATTR.announcer)} />
      <Island
        name="ReferenceNavigation"
        component={ReferenceNavigation}
        props={{ libraryKey: library.key, versions: others }}
      />
    </div>
  )
}
