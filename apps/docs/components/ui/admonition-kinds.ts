/**
 * The kinds of <Admonition>, written once: the page component styles them and the Markdown export
 * labels them, and both reject any other `type`.
 */
export const ADMONITION_KINDS = {
  note: { label: 'Note', className: 'border-sky-500/50 bg-sky-500/5' },
  tip: { label: 'Tip', className: 'border-emerald-500/50 bg-emerald-500/5' },
  caution: { label: 'Caution', className: 'border-amber-500/60 bg-amber-500/5' },
  danger: { label: 'Danger', className: 'border-red-500/60 bg-red-500/5' },
} as const

export type AdmonitionType = keyof typeof ADMONITION_KINDS

export function isAdmonitionType(value: unknown): value is AdmonitionType {
  return typeof value === 'string' && Object.hasOwn(ADMONITION_KINDS, value)
}

/** The message both renderings give for an unknown `type`. */
export function unknownAdmonitionType(type: string): string {
  return `type="${type}" is not one of ${Object.keys(ADMONITION_KINDS).join(', ')}`
}
