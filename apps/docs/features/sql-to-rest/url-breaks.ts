/**
 * Where a long curl or HTTP line may wrap: after a `/` between path segments, after the `?` that
 * starts a query string, after each `&` between parameters and after each `,` in a list
 * (`select=id,name`), never inside a name or a value. The view marks these places with `<wbr>`,
 * which adds no character to copied text.
 */
function breaksAfter(text: string, index: number): boolean {
  const char = text[index]!
  const next = text[index + 1]
  // A break before a space or a line end is no use: the text wraps there already.
  if (next === undefined || /\s/.test(next)) return false
  if (char === '?' || char === '&' || char === ',') return true
  // Not inside the `//` after the scheme.
  return char === '/' && next !== '/' && text[index - 1] !== '/' && text[index - 1] !== ':'
}

/** `text` cut after each place a line may wrap; joined, the pieces are `text` again. */
export function splitAtUrlBreaks(text: string): string[] {
  const pieces: string[] = []
  let start = 0
  for (let index = 0; index < text.length - 1; index += 1) {
    if (breaksAfter(text, index)) {
      pieces.push(text.slice(start, index + 1))
      start = index + 1
    }
  }
  pieces.push(text.slice(start))
  return pieces
}
