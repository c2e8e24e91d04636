import { PageLink } from '@/features/navigation/PageLink.client'
import type { NavSection } from './guides-nav'

/** The sidebar tree with the current page marked (aria-current), rendered on the server. */
export function SidebarNav({
  sections,
  currentHref,
  label = 'Guides',
}: {
  sections: readonly NavSection[]
  currentHref: string
  label?: string
}) {
  return (
    <nav aria-label={label} className="text-sm">
      {sections.map((section) => (
        <div key={section.title} className="mb-6">
          <p className="mb-2 px-2 text-xs font-semibold tracking-wide text-[var(--muted)] uppercase">
            {section.title}
          </p>
          <ul className="space-y-0.5">
            {section.items.map((item) => {
              const current = item.href === currentHref
              return (
                <li key={item.href}>
                  <PageLink
                    href={item.href}
                    aria-current={current ? 'page' : undefined}
                    className="block rounded px-2 py-1 text-[var(--muted)] hover:bg-[var(--surface)] hover:text-[var(--text)] aria-[current=page]:bg-[var(--surface-strong)] aria-[current=page]:font-medium aria-[current=page]:text-[var(--accent-text)]"
                  >
                    {item.title}
                  </PageLink>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </nav>
  )
}
