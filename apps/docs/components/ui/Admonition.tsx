import type { ReactNode } from 'react'

const KINDS = {
  note: { label: 'Note', className: 'border-sky-500/50 bg-sky-500/5' },
  tip: { label: 'Tip', className: 'border-emerald-500/50 bg-emerald-500/5' },
  caution: { label: 'Caution', className: 'border-amber-500/60 bg-amber-500/5' },
  danger: { label: 'Danger', className: 'border-red-500/60 bg-red-500/5' },
} as const

export type AdmonitionType = keyof typeof KINDS

export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: AdmonitionType
  title?: string
  children: ReactNode
}) {
  const kind = KINDS[type] ?? KINDS.note
  return (
    <aside
      className={`admonition my-5 rounded-lg border-l-4 px-4 py-3 ${kind.className}`}
      data-type={type}
      aria-label={title ?? kind.label}
    >
      <p className="m-0 text-sm font-semibold">{title ?? kind.label}</p>
      <div className="text-[15px] [&>p:last-child]:mb-0 [&>p]:my-2">{children}</div>
    </aside>
  )
}
