import type { Crumb } from './nav-tree'

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs mb-3 text-sm text-[var(--muted)]">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1
          return (
            <li key={`${crumb.title}-${index}`} className="flex min-h-6 items-center gap-1">
              {index > 0 ? <span aria-hidden="true">/</span> : null}
              {crumb.href && !last ? (
                <a href={crumb.href} className="tap-target hover:text-[var(--text)]">
                  {crumb.title}
                </a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.title}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
