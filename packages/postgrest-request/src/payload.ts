/**
 * The body of a request as PostgREST 12.2 reads it (`src/PostgREST/ApiRequest.hs`, `getPayload`,
 * `payloadAttributes`, `csvToJson`; the media type from `MediaType.decodeMediaType`): JSON, CSV
 * and form bodies of writes and calls, and the columns they set. Faults are PGRST102 (thrown as a
 * `RequestFault`).
 */
import { fault } from './faults'
import type { JsonObject, JsonValue } from './model'
import { readQueryString } from './query-string'

/** PostgREST's `Payload`. */
export type Payload =
  /** `ProcessedJSON`: a JSON, CSV or (for tables) form body, with the keys its rows share. */
  | { kind: 'json'; raw: string; value: JsonValue; keys: string[]; isObject: boolean }
  /** `ProcessedUrlEncoded`: a form body sent to a function, its fields in order. */
  | { kind: 'url-encoded'; fields: [string, string][]; keys: string[] }
  /** `RawJSON`: a JSON body with `columns=`, passed to Postgres unread. */
  | { kind: 'raw-json'; raw: string }
  /** `RawPay`: a text, XML or binary body sent to a function. */
  | { kind: 'raw'; raw: string }

/** What the body is sent to (`shouldParsePayload`, `columns` and `isProc` read the action). */
export type PayloadAction =
  | { kind: 'mutate'; mutation: 'create' | 'update' | 'upsert' | 'delete' }
  | { kind: 'call'; read: boolean }
  | { kind: 'read' }

/** `decodeMediaType`: the media type of a `Content-Type`, lower-cased, and `nulls=stripped`. */
export function contentMediaType(header: string | undefined): {
  type: string
  mime: string
  stripped: boolean
} {
  if (header === undefined) return { type: 'application/json', mime: 'application/json', stripped: false }
  const [main = '', ...params] = header.split(';')
  const type = main.trim().toLowerCase()
  const stripped = params.some((param) => param.replace(/\s/g, '').toLowerCase() === 'nulls=stripped')
  return { type, mime: header, stripped }
}

/** `MediaType.toMime` of the media types `decodeMediaType` knows. */
const KNOWN_MIME: Record<string, string> = {
  'application/json': 'application/json',
  'application/geo+json': 'application/geo+json',
  'text/csv': 'text/csv',
  'text/plain': 'text/plain',
  'text/xml': 'text/xml',
  'application/openapi+json': 'application/openapi+json',
  'application/x-www-form-urlencoded': 'application/x-www-form-urlencoded',
  'application/octet-stream': 'application/octet-stream',
  'application/vnd.pgrst.object+json': 'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object': 'application/vnd.pgrst.object+json',
  '*/*': '*/*',
}

function invalidBody(message: string, hint: string, postgrestMessage: string): never {
  return fault('PGRST102', message, hint, { message: postgrestMessage })
}

/**
 * `getPayload`: the payload of a POST, PUT or PATCH on a table and of a function called with
 * POST (none otherwise), and the columns it sets: the keys of the body, or `columns=` with a
 * JSON body of a POST, PATCH or call.
 */
export function getPayload(
  body: string,
  contentType: string | undefined,
  columnsParam: string[] | undefined,
  action: PayloadAction,
): { payload?: Payload; columns: string[] } {
  const parses =
    (action.kind === 'mutate' && action.mutation !== 'delete') || (action.kind === 'call' && !action.read)
  if (!parses) return { columns: [] }
  const isProc = action.kind === 'call'
  const columns =
    isProc || (action.kind === 'mutate' && (action.mutation === 'create' || action.mutation === 'update'))
      ? columnsParam
      : undefined
  const media = contentMediaType(contentType)
  // `decodeMediaType` reads the array media type as JSON, unless its nulls are stripped.
  const isJson =
    media.type === 'application/json' ||
    ((media.type === 'application/vnd.pgrst.array+json' || media.type === 'application/vnd.pgrst.array') &&
      !media.stripped)
  if (isJson) {
    // `iColumns` is a set: the columns in order, each once.
    if (columns !== undefined)
      return { payload: { kind: 'raw-json', raw: body }, columns: [...new Set(columns)].sort() }
    if (body === '' && isProc) return processed('{}', {})
    let value: JsonValue
    try {
      value = JSON.parse(body) as JsonValue
    } catch {
      return invalidBody(
        body === '' ? 'The request has no body: PostgREST needs JSON here.' : 'The request body is not JSON.',
        'Send {"column": value} with Content-Type: application/json.',
        'Empty or invalid json',
      )
    }
    return processed(body, value)
  }
  if (media.type === 'text/csv') {
    const rows = csvToJson(body)
    return processed(JSON.stringify(rows), rows)
  }
  if (media.type === 'application/x-www-form-urlencoded') {
    const fields = readQueryString(body).map(([key, value]): [string, string] => [key, value ?? ''])
    if (isProc) {
      const keys = [...new Set(fields.map(([key]) => key))].sort()
      return { payload: { kind: 'url-encoded', fields, keys }, columns: keys }
    }
    // A form's fields become one object of text values; a repeated field keeps its last value.
    const object: JsonObject = Object.fromEntries(fields)
    return processed(JSON.stringify(object), object)
  }
  if (isProc && ['text/plain', 'text/xml', 'application/octet-stream'].includes(media.type)) {
    return { payload: { kind: 'raw', raw: body }, columns: [] }
  }
  const mime =
    media.stripped && media.type.startsWith('application/vnd.pgrst.array')
      ? 'application/vnd.pgrst.array+json;nulls=stripped'
      : (KNOWN_MIME[media.type] ?? media.mime)
  return invalidBody(
    `PostgREST does not read a ${media.type || 'body of no type'} body here.`,
    'Send JSON with Content-Type: application/json (CSV and form fields also work for tables).',
    `Content-Type not acceptable: ${mime}`,
  )
}

function processed(raw: string, value: JsonValue): { payload: Payload; columns: string[] } {
  const attributes = payloadAttributes(raw, value)
  if (attributes === undefined) {
    return invalidBody(
      'The rows of the body do not all have the same keys, or are not all objects.',
      'Give every object the same keys, or list the columns in columns=a,b (missing keys are then NULL or, with Prefer: missing=default, the default).',
      'All object keys must match',
    )
  }
  return { payload: attributes, columns: attributes.keys }
}

/**
 * `payloadAttributes`: an object, or an array of objects that all have the same keys; any other
 * JSON value is read as an empty array. Undefined when the rows differ.
 */
export function payloadAttributes(
  raw: string,
  value: JsonValue,
): Extract<Payload, { kind: 'json' }> | undefined {
  const isObject = /^[ \t\n\r]*\{/.test(raw)
  const keysOf = (row: JsonValue) =>
    row !== null && typeof row === 'object' && !Array.isArray(row) ? Object.keys(row).sort() : undefined
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'json', raw, value, keys: [], isObject }
    const canonical = keysOf(value[0]!)
    if (canonical === undefined) return undefined
    const uniform = value.every((row) => keysOf(row)?.join('\u0000') === canonical.join('\u0000'))
    return uniform ? { kind: 'json', raw, value, keys: canonical, isObject } : undefined
  }
  const keys = keysOf(value)
  if (keys !== undefined) return { kind: 'json', raw, value, keys, isObject }
  return { kind: 'json', raw: '[]', value: [], keys: [], isObject: false }
}

/** `csvToJson` over cassava's `decodeByName`: a header line, then rows; `NULL` is null, all else text. */
export function csvToJson(body: string): JsonObject[] {
  const records = readCsv(body)
  const [header, ...rows] = records
  if (header === undefined)
    return invalidBody('The CSV body is empty.', 'Send a header line and rows.', 'Empty CSV')
  const objects = rows.map((fields) => {
    const row: JsonObject = {}
    header.forEach((name, index) => {
      const field = fields[index]
      if (field !== undefined) row[name] = field === 'NULL' ? null : field
    })
    return row
  })
  if (objects.some((row) => Object.keys(row).length !== header.length)) {
    invalidBody(
      'Some CSV lines have fewer fields than the header.',
      'Give every line as many fields as the header.',
      'All lines must have same number of fields',
    )
  }
  return objects
}

/** RFC 4180 records: commas, double-quoted fields with `""` for a quote, CRLF or LF line ends. */
function readCsv(text: string): string[][] {
  const records: string[][] = []
  let fields: string[] = []
  let field = ''
  let index = 0
  let quotedField = false
  const endField = () => {
    fields.push(field)
    field = ''
    quotedField = false
  }
  while (index < text.length) {
    const char = text[index]!
    if (char === '"' && field === '' && !quotedField) {
      const close = (() => {
        let at = index + 1
        for (;;) {
          const next = text.indexOf('"', at)
          if (next === -1)
            return invalidBody(
              'A CSV quote is not closed.',
              'Close every quote.',
              'parse error (Failed reading: satisfy)',
            )
          if (text[next + 1] === '"') at = next + 2
          else return next
        }
      })()
      field = text.slice(index + 1, close).replace(/""/g, '"')
      quotedField = true
      index = close + 1
    } else if (char === ',') {
      endField()
      index += 1
    } else if (char === '\n' || char === '\r') {
      endField()
      records.push(fields)
      fields = []
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1
    } else {
      field += char
      index += 1
    }
  }
  if (field !== '' || quotedField || fields.length > 0) {
    endField()
    records.push(fields)
  }
  return records
}
