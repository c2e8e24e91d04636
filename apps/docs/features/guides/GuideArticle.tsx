import { Island } from '@/components/ui/Island'
import { PageFeedback } from '@/features/feedback/components'
import { DocsShell } from '@/features/layout/components'
import { breadcrumbTrail, guidesNav, locateInNav } from '@/features/navigation'
import { Breadcrumbs, PrevNext, SidebarNav } from '@/features/navigation/components'
import { PageActions } from '@/features/page-actions'
import { TableOfContents, TocScrollSpy } from '@/features/toc/components'
import { editUrlFor, siteConfig } from '@/lib/site-config'
import { collapseStatic } from '@/lib/static-markup'
import { ContentError } from './front-matter'
import { GuideSources, SOURCES_HEADING_ID } from './GuideSources'
import type { Guide } from './guides'
import { renderGuide } from './render-guide'

export async function GuideArticle({ guide }: { guide: Guide }) {
  const { content, toc: headings } = await renderGuide(guide.body, guide.file)
  const { sources } = guide.frontMatter
  if (sources && headings.some((entry) => entry.id === SOURCES_HEADING_ID)) {
    throw new ContentError([
      {
        file: guide.file,
        path: ['sources'],
        message: 'the page has its own "Sources" heading; list the sources in front matter only',
      },
    ])
  }
  const toc = sources
    ? [...headings, { id: SOURCES_HEADING_ID, title: 'Sources', depth: 2 as const }]
    : headings
  const position = locateInNav(guide.href)
  const trail = breadcrumbTrail(guide.href, guide.frontMatter.title)
  const showToc = !guide.frontMatter.hideToc && toc.length > 0
  // The sidebar and the text reach the browser as HTML that React does not hydrate; only the
  // interactive parts inside them (copy buttons, tabs, the project widget, feedback) are React.
  const sidebar = await collapseStatic(<SidebarNav sections={guidesNav} currentHref={guide.href} />)
  const article = await collapseStatic(
    <article className="doc-content max-w-3xl">
      <Breadcrumbs trail={trail} />
      <h1>{guide.frontMatter.title}</h1>
      <p className="mt-2 text-lg text-[var(--muted)]">{guide.frontMatter.description}</p>
      <PageActions href={guide.href} />
      {content}
      {sources ? <GuideSources sources={sources} /> : null}
      <Island
        name="PageFeedback"
        component={PageFeedback}
        props={{ page: guide.href, endpoint: siteConfig.feedbackUrl }}
      />
      <p className="mt-12 text-sm">
        <a href={editUrlFor(guide.file)} className="tap-target text-[var(--muted)] hover:text-[var(--text)]">
          Edit this page on GitHub
        </a>
      </p>
      <PrevNext previous={position?.previous} next={position?.next} />
    </article>,
  )
  // The heading list twice (a column on wide screens, the bar's panel on phones), one scroll spy.
  const contents = showToc
    ? {
        column: (
          <>
            {await collapseStatic(<TableOfContents entries={toc} />)}
            <Island
              name="TocScrollSpy"
              component={TocScrollSpy}
              props={{ ids: toc.map((entry) => entry.id) }}
            />
          </>
        ),
        panel: await collapseStatic(<TableOfContents entries={toc} inPanel />),
      }
    : undefined
  return (
    <DocsShell sidebar={sidebar} toc={contents}>
      {article}
    </DocsShell>
  )
}
