'use client'

import { usePathname } from 'next/navigation'
import { currentArea, productAreas } from './product-areas'

/**
 * The links to every product area, the reader's current area marked: aria-current="page" on the
 * area's own page, "true" anywhere inside it.
 */
export function ProductAreaLinks({ layout }: { layout: 'bar' | 'menu' }) {
  const pathname = usePathname() ?? '/'
  const current = currentArea(pathname)
  return (
    <ul
      className={
        layout === 'bar'
          ? 'flex items-center gap-1 text-sm whitespace-nowrap'
          : 'flex flex-col gap-0.5 text-sm'
      }
    >
      {productAreas.map((area) => {
        const marked =
          area === current ? (pathname.replace(/\/+$/, '') === area.href ? 'page' : 'true') : undefined
        return (
          <li key={area.href}>
            <a
              href={area.href}
              aria-current={marked}
              className={`block rounded px-2 py-1 text-[var(--muted)] hover:bg-[var(--surface)] hover:text-[var(--text)] aria-[current]:font-medium aria-[current]:text-[var(--accent-text)] ${
                layout === 'bar'
                  ? 'aria-[current]:shadow-[inset_0_-2px_0_var(--accent)]'
                  : 'aria-[current]:bg-[var(--surface-strong)]'
              }`}
            >
              {area.title}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
