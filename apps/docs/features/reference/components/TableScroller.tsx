import type { ReactNode } from 'react'

/**
 * A wide table scrolls sideways inside its box rather than widening the page. The box takes focus
 * so a keyboard reader can scroll it too, and is named after the table.
 */
export function TableScroller({
  label,
  className,
  children,
}: {
  label: string
  /** Added to the box's own class, for a table that lays itself out by the box's width. */
  className?: string
  children: ReactNode
}) {
  return (
    <div
      className={className ? `ref-table-wrap ${className}` : 'ref-table-wrap'}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  )
}
