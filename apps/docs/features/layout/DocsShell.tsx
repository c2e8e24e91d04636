import type { ReactNode } from 'react'
import { CurrentItemInView } from '@/features/navigation/components'
import { revealCurrentItemScript } from '@/features/navigation'

/**
 * Three columns: sidebar, article, "On this page". The sidebar is rendered once: below the large
 * breakpoint it is hidden until the "Contents" disclosure just before it is opened (a CSS
 * sibling rule, so it works without JavaScript).
 */
export function DocsShell({
  sidebar,
  toc,
  children,
  menuKey,
}: {
  sidebar: ReactNode
  toc?: ReactNode
  children: ReactNode
  /** Remounts the mobile menu per page so it starts closed after navigation. */
  menuKey: string
}) {
  return (
    <div className="mx-auto flex max-w-[90rem] flex-col px-4 lg:flex-row lg:gap-8">
      <details key={menuKey} className="mobile-menu border-b border-[var(--border)] py-2 lg:hidden">
        <summary className="mobile-menu-toggle">Contents</summary>
      </details>
      <aside className="docs-sidebar hidden border-b border-[var(--border)] lg:sticky lg:top-14 lg:block lg:h-[calc(100vh-3.5rem)] lg:w-64 lg:shrink-0 lg:border-b-0">
        <CurrentItemInView className="scroll-menu max-h-[70vh] overflow-y-auto py-3 lg:h-full lg:max-h-none lg:py-8">
          {sidebar}
        </CurrentItemInView>
      </aside>
      <script dangerouslySetInnerHTML={{ __html: revealCurrentItemScript }} />
      <div className="min-w-0 flex-1">
        <main id="main-content" tabIndex={-1} className="flex min-w-0 gap-10 py-8 outline-none">
          <div className="min-w-0 flex-1">{children}</div>
          {toc ? (
            <aside className="scroll-menu sticky top-20 hidden max-h-[calc(100vh-6rem)] w-56 shrink-0 self-start overflow-y-auto xl:block">
              {toc}
            </aside>
          ) : null}
        </main>
      </div>
    </div>
  )
}
