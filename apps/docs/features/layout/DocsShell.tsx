import type { ReactNode } from 'react'
import { CurrentItemInView } from '@/features/navigation/CurrentItemInView.client'

/**
 * Three columns: sidebar, article, "On this page". Below the large breakpoint the sidebar
 * moves into a disclosure menu that works without JavaScript.
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
    <div className="mx-auto flex max-w-[90rem] gap-8 px-4">
      <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-64 shrink-0 lg:block">
        <CurrentItemInView className="scroll-menu h-full overflow-y-auto py-8">{sidebar}</CurrentItemInView>
      </aside>
      <div className="min-w-0 flex-1">
        <details key={menuKey} className="mobile-menu border-b border-[var(--border)] py-2 lg:hidden">
          <summary className="cursor-pointer rounded px-2 py-1 text-sm font-medium">Browse guides</summary>
          <div className="scroll-menu max-h-[70vh] overflow-y-auto py-3">{sidebar}</div>
        </details>
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
