import { PageLink } from '@/features/navigation/PageLink.client'

export interface Crumb {
  title: string
  href?: string
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm text-[var(--muted)]">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb, index) => (
          <li key={`${crumb.title}-${index}`} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {crumb.href && index < trail.length - 1 ? (
              <PageLink href={crumb.href} className="hover:text-[var(--text)]">
                {crumb.title}
              </PageLink>
            ) : (
              <span aria-current={index === trail.length - 1 ? 'page' : undefined}>{crumb.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
