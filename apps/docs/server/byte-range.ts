/**
 * The `Range` header of a GET, read as RFC 9110 (section 14) says: `bytes=0-99` (first and last
 * byte), `bytes=100-` (from a byte to the end), `bytes=-100` (the last 100 bytes).
 */

export type RangeAnswer =
  /** Send the whole file with 200: no header, a header that is not valid, or several ranges. */
  | { kind: 'whole' }
  /** 416, with `Content-Range: bytes *\/size`: no range starts inside the file. */
  | { kind: 'unsatisfiable' }
  /** 206 with these bytes; `end` is included. */
  | { kind: 'partial'; start: number; end: number }

type Spec = { first: number; last: number | null } | { suffix: number }

function parseSpec(spec: string): Spec | null {
  const match = /^(\d*)-(\d*)$/.exec(spec)
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '') return last === '' ? null : { suffix: Number(last) }
  const parsed = { first: Number(first), last: last === '' ? null : Number(last) }
  // A last position before the first makes the whole header invalid, not unsatisfiable.
  return parsed.last !== null && parsed.last < parsed.first ? null : parsed
}

export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || size === 0) return { kind: 'whole' }
  const match = /^bytes=(.*)$/i.exec(header.trim())
  if (!match) return { kind: 'whole' }
  // Empty list elements (`bytes=0-1,,5-6`) are allowed and mean nothing.
  const elements = (match[1] ?? '')
    .split(',')
    .map((element) => element.trim())
    .filter(Boolean)
  const specs = elements.map(parseSpec)
  if (specs.length === 0 || specs.some((spec) => spec === null)) return { kind: 'whole' }

  const satisfiable = (specs as Spec[]).flatMap((spec) => {
    if ('suffix' in spec)
      return spec.suffix > 0 ? [{ start: Math.max(0, size - spec.suffix), end: size - 1 }] : []
    if (spec.first >= size) return []
    return [{ start: spec.first, end: Math.min(spec.last ?? size - 1, size - 1) }]
  })
  if (satisfiable.length === 0) return { kind: 'unsatisfiable' }
  // A server may answer several ranges with the whole file; that spares a multipart body.
  const [only] = satisfiable
  return satisfiable.length === 1 && only ? { kind: 'partial', ...only } : { kind: 'whole' }
}
