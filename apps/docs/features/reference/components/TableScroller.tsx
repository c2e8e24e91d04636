import type { ReactNode } from 'react'

/**
 * A wide table scrolls sideways inside its box rather than widening the page. The box takes focus
 * so a keyboard reader can scroll it too, and is named after the table.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ref-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
