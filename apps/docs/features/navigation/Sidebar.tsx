import type { NavSection } from './guides-nav'

/**
 * The sidebar tree, rendered on the server: one collapsible group per sidebar section (a native
 * <details>, so it opens and closes without script and reads as an expandable button), the group
 * holding the current page open and every other group closed, the current page marked with
 * aria-current.
 */
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
      <ul className="space-y-1">
        {sections.map((section) => {
          const holdsCurrent = section.items.some((item) => item.href === currentHref)
          return (
            <li key={section.title}>
              <details open={holdsCurrent} className="nav-group" data-nav-group={section.title}>
                <summary className="nav-group-title">
                  <span>{section.title}</span>
                  <svg
                    aria-hidden="true"
                    className="nav-group-chevron shrink-0 text-[var(--muted)]"
                    width="12"
                    height="12"
                    viewBox="0 0 12 12"
                  >
                    <path d="M4 2.5 7.5 6 4 9.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  </svg>
                </summary>
                <ul className="mt-0.5 mb-2 ml-2 space-y-0.5 border-l border-[var(--border)] pl-2">
                  {section.items.map((item) => (
                    <li key={item.href}>
                      <a
                        href={item.href}
                        aria-current={item.href === currentHref ? 'page' : undefined}
                        className="nav-link"
                      >
                        {item.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
