/** Parsed fence meta: ```ts title="app/page.tsx" {1,3-4} fragment runnable */
export interface CodeMeta {
  title?: string
  /** The `{...}` line ranges, kept raw for Shiki's meta transformer. */
  lineRanges?: string
  fragment: boolean
  runnable: boolean
}

const TITLE = /\b(?:title|filename)=(?:"([^"]*)"|'([^']*)'|(\S+))/
const RANGES = /\{[\d,\s-]+\}/

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const raw = meta ?? ''
  const title = TITLE.exec(raw)
  const withoutTitle = raw.replace(TITLE, ' ')
  const words = new Set(withoutTitle.replace(RANGES, ' ').split(/\s+/).filter(Boolean))
  return {
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    lineRanges: RANGES.exec(withoutTitle)?.[0],
    fragment: words.has('fragment'),
    runnable: words.has('runnable'),
  }
}

/** Lines above this marker are a preamble the checker compiles but the reader never sees. */
export const PREAMBLE_MARKER = /^[ \t]*(?:\/\/|--|#)[ \t]*---cut---[ \t]*$/m

export function splitPreamble(code: string): { preamble: string; visible: string } {
  const match = PREAMBLE_MARKER.exec(code)
  if (!match) return { preamble: '', visible: code }
  const end = match.index + match[0].length
  return { preamble: code.slice(0, match.index), visible: code.slice(end).replace(/^\r?\n/, '') }
}
