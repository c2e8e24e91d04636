import type { ReactNode } from 'react'
import { Island } from '@/components/ui/Island'
import { revealCurrentItemScript } from '@/features/navigation'
import { CurrentItemInView } from '@/features/navigation/components'
import { ContentsBar } from './ContentsBar.client'

/** Disclosures of the small-screen bar: one open at a time (the browser closes the other). */
const BAR_GROUP = 'contents-bar'

/**
 * Three columns: sidebar, article, "On this page". The sidebar is rendered once: below the large
 * breakpoint it is hidden until the "Contents" disclosure just before it is opened (a CSS
 * sibling rule, so it works without JavaScript). That disclosure and the "On this page" one sit
 * in a bar that stays under the header as the reader scrolls; their panels open over the text.
 * Between the large and extra-large breakpoints, where the sidebar is a column but the page's
 * headings are not, "On this page" opens at the top of the sidebar, which stays in view.
 */
export function DocsShell({
  sidebar,
  toc,
  children,
}: {
  sidebar: ReactNode
  /** The page's headings: a column on wide screens, a panel of the bar on small ones. */
  toc?: { column: ReactNode; panel: ReactNode }
  children: ReactNode
}) {
  return (
    <div className="mx-auto flex max-w-[90rem] flex-col px-4 lg:flex-row lg:gap-8">
      <div className="contents-bar">
        <details name={BAR_GROUP} className="mobile-menu lg:hidden">
          <summary className="contents-toggle">Contents</summary>
        </details>
        {toc ? (
          <details name={BAR_GROUP} className="page-toc-menu lg:hidden">
            <summary className="contents-toggle">On this page</summary>
            <div className="contents-panel scroll-menu">{toc.panel}</div>
          </details>
        ) : null}
        <aside className="docs-sidebar hidden lg:sticky lg:top-14 lg:flex lg:h-[calc(100vh-3.5rem)] lg:w-64 lg:shrink-0 lg:flex-col">
          {toc ? (
            <details className="sidebar-toc hidden shrink-0 border-b border-[var(--border)] pt-6 pb-3 lg:block xl:hidden">
              <summary className="contents-toggle">On this page</summary>
              <div className="scroll-menu mt-3 max-h-[40vh] overflow-y-auto">{toc.panel}</div>
            </details>
          ) : null}
          <div className="scroll-menu max-h-[70vh] overflow-y-auto py-3 lg:max-h-none lg:min-h-0 lg:flex-1 lg:py-8">
            {sidebar}
          </div>
        </aside>
        <script dangerouslySetInnerHTML={{ __html: revealCurrentItemScript }} />
        <Island name="ContentsBar" component={ContentsBar} props={{}} />
        <Island name="CurrentItemInView" component={CurrentItemInView} props={{}} />
      </div>
      <div className="min-w-0 flex-1">
        <main id="main-content" tabIndex={-1} className="flex min-w-0 gap-10 py-8 outline-none">
          <div className="min-w-0 flex-1">{children}</div>
          {toc ? (
            <aside className="scroll-menu sticky top-20 hidden max-h-[calc(100vh-6rem)] w-56 shrink-0 self-start overflow-y-auto xl:block">
              {toc.column}
            </aside>
          ) : null}
        </main>
      </div>
    </div>
  )
}
