/**
 * Where the editor marks a query it cannot translate. The translator gives one offset; the mark
 * covers the word there, so it can be seen (a mark of no width would not be).
 */
export interface ErrorRange {
  from: number
  to: number
}

/**
 * The word at `position`, or the single character there when it starts no word. At the end of the
 * text ("syntax error at end of input"), the last word before it: where the statement stops.
 */
export function errorRange(text: string, position: number): ErrorRange | undefined {
  if (!Number.isInteger(position) || position < 0 || text.trim() === '') return undefined
  let from = Math.min(position, text.length)
  if (text.slice(from).trim() === '') {
    // Nothing but spaces from here on: step back onto the last thing written.
    from = text.trimEnd().length - 1
    while (from > 0 && /[\w$]/.test(text[from - 1]!) && /[\w$]/.test(text[from]!)) from -= 1
  } else {
    while (/\s/.test(text[from]!)) from += 1
  }
  const word = /^[\w$]+/.exec(text.slice(from))
  return { from, to: from + (word ? word[0].length : 1) }
}
