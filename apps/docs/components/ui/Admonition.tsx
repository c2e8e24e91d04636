import type { ReactNode } from 'react'
import {
  ADMONITION_KINDS,
  isAdmonitionType,
  unknownAdmonitionType,
  type AdmonitionType,
} from './admonition-kinds'

export type { AdmonitionType }

export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: AdmonitionType
  title?: string
  children: ReactNode
}) {
  // MDX is not type-checked: an unknown kind fails the build here, as it does in the Markdown export.
  if (!isAdmonitionType(type)) throw new Error(`<Admonition> ${unknownAdmonitionType(String(type))}`)
  const kind = ADMONITION_KINDS[type]
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
