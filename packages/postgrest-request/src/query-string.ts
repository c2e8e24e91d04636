/**
 * Query strings as WAI and http-types read them (`Network.HTTP.Types.URI`): `%XX` escapes, `+`
 * as a space, pairs split at `&` and `;`. PostgREST reads its query string and form bodies so.
 */
import { fault } from './faults'
import type { QueryParam } from './model'

/** http-types `urlDecode`: `%XX` escapes (a broken one stays as it is), `+` as a space if asked. */
export function urlDecode(text: string, replacePlus: boolean): string {
  if (!text.includes('%') && !(replacePlus && text.includes('+'))) return text
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (char === '+' && replacePlus) bytes.push(0x20)
    else if (char === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16))
      index += 2
    } else if (text.charCodeAt(index) < 0x80) bytes.push(text.charCodeAt(index))
    else {
      const code = text.codePointAt(index)!
      if (code > 0xffff) index += 1
      bytes.push(...encoder.encode(String.fromCodePoint(code)))
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes))
  } catch {
    return fault(
      'PGRST100',
      `"${text}" is not UTF-8 once its percent escapes are decoded.`,
      'Encode text as UTF-8.',
      {
        message: 'Cannot decode the query string as UTF-8',
      },
    )
  }
}

/** `parseQueryReplacePlus True`: pairs split at `&` and `;`; a name without `=` has no value. */
export function readQueryString(query: string): [name: string, value: string | undefined][] {
  const text = query.startsWith('?') ? query.slice(1) : query
  if (text === '') return []
  return text.split(/[&;]/).map((pair): [string, string | undefined] => {
    const equals = pair.indexOf('=')
    return equals === -1
      ? [urlDecode(pair, true), undefined]
      : [urlDecode(pair.slice(0, equals), true), urlDecode(pair.slice(equals + 1), true)]
  })
}

/** The decoded query parameters that have a value, in order (`nonemptyParams`). */
export function readQuery(query: string): QueryParam[] {
  return readQueryString(query).filter((pair): pair is QueryParam => pair[1] !== undefined)
}
