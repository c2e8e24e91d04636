/**
 * Media types as PostgREST 12.2 reads, chooses and names them: `src/PostgREST/MediaType.hs`
 * (decodeMediaType, toMime, toContentType), wai-extra's `parseHttpAccept` (the order of the
 * `Accept` list), `src/PostgREST/Plan.hs` (negotiateContent: the first accepted type a handler
 * can produce) and the media type handlers of `src/PostgREST/SchemaCache.hs` (mediaHandlers,
 * initialMediaHandlers): aggregates and functions whose return type is a domain named after a
 * media type, such as `create domain "text/html" as text`.
 */
import { pgrstError } from './errors'
import type { QualifiedName } from './schema-cache'

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal'

export type MediaType =
  | 'json'
  | 'geojson'
  | 'csv'
  | 'text'
  | 'xml'
  | 'openapi'
  | 'urlencoded'
  | 'octet'
  | 'any'
  | 'array-stripped'
  | 'single'
  | 'single-stripped'
  | { other: string }
  | { plan: MediaType; format: 'json' | 'text'; options: PlanOption[] }

const MIMES: Record<Exclude<MediaType, object>, string> = {
  json: 'application/json',
  geojson: 'application/geo+json',
  csv: 'text/csv',
  text: 'text/plain',
  xml: 'text/xml',
  openapi: 'application/openapi+json',
  urlencoded: 'application/x-www-form-urlencoded',
  octet: 'application/octet-stream',
  any: '*/*',
  'array-stripped': 'application/vnd.pgrst.array+json;nulls=stripped',
  single: 'application/vnd.pgrst.object+json',
  'single-stripped': 'application/vnd.pgrst.object+json;nulls=stripped',
}

export function isPlan(media: MediaType): media is Extract<MediaType, { plan: MediaType }> {
  return typeof media === 'object' && 'plan' in media
}

/** toMime */
export function toMime(media: MediaType): string {
  if (typeof media === 'string') return MIMES[media]
  if ('other' in media) return media.other
  return (
    `application/vnd.pgrst.plan+${media.format}; for="${toMime(media.plan)}"` +
    (media.options.length === 0 ? '' : `; options=${media.options.join('|')}`)
  )
}

/** toContentType: every type but octet-stream and the unknown ones says its charset. */
export function toContentType(media: MediaType): string {
  const bare = media === 'octet' || (typeof media === 'object' && 'other' in media)
  return bare ? toMime(media) : `${toMime(media)}; charset=utf-8`
}

/**
 * tokenizeMediaType: `type/subtype` then `;key=value` pairs (a value quoted or of letters,
 * digits, `|` and `-`); anything after is ignored. Undefined when the text is not a media type.
 */
function tokenize(text: string): { main: string; sub: string; params: Map<string, string> } | undefined {
  const head = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)/.exec(text)
  if (!head) return undefined
  const params = new Map<string, string>()
  let rest = text.slice(head[0].length)
  for (;;) {
    const pair = /^\s*;\s*([A-Za-z0-9-]+)\s*=\s*(?:"([^"]*)"|([A-Za-z0-9|-]+))/.exec(rest)
    if (!pair) break
    params.set(pair[1]!.toLowerCase(), pair[2] ?? pair[3]!)
    rest = rest.slice(pair[0].length)
  }
  return { main: head[1]!, sub: head[2]!, params }
}

/** decodeMediaType */
export function decodeMediaType(text: string): MediaType {
  const parts = tokenize(text)
  const main = (parts?.main ?? text).toLowerCase()
  const sub = (parts?.sub ?? '').toLowerCase()
  const params = parts?.params ?? new Map<string, string>()
  const stripped = (params.get('nulls') ?? 'false') === 'stripped'
  const plan = (format: 'json' | 'text'): MediaType => {
    const options = (params.get('options') ?? '').split('|')
    return {
      plan: decodeMediaType(params.get('for') ?? 'application/json'),
      format,
      options: (['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const).filter((o) =>
        options.includes(o),
      ),
    }
  }
  switch (`${main}/${sub}`) {
    case 'application/json':
      return 'json'
    case 'application/geo+json':
      return 'geojson'
    case 'text/csv':
      return 'csv'
    case 'text/plain':
      return 'text'
    case 'text/xml':
      return 'xml'
    case 'application/openapi+json':
      return 'openapi'
    case 'application/x-www-form-urlencoded':
      return 'urlencoded'
    case 'application/octet-stream':
      return 'octet'
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
      return plan('text')
    case 'application/vnd.pgrst.plan+json':
      return plan('json')
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return stripped ? 'single-stripped' : 'single'
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? 'array-stripped' : 'json'
    case '*/*':
      return 'any'
    default:
      return { other: text }
  }
}

/**
 * parseHttpAccept (wai-extra): spaces removed, `;q=` and what follows it dropped, then a stable
 * sort by quality and by specificity (parameters count up, stars count down), highest first.
 * No header means `*∕*`.
 */
export function parseAccept(header: string | null): MediaType[] {
  if (header === null) return ['any']
  return header
    .split(',')
    .map((part, index) => {
      const text = part.replace(/ /g, '')
      const at = text.indexOf(';q=')
      const type = at === -1 ? text : text.slice(0, at)
      const quality = at === -1 ? 1 : Number.parseFloat(text.slice(at + 3).split(';')[0]!)
      const specificity = (type.match(/;/g)?.length ?? 0) - (type.match(/\*/g)?.length ?? 0)
      return { type, q: Number.isNaN(quality) ? 1 : quality, specificity, index }
    })
    .sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.index - b.index)
    .map(({ type }) => decodeMediaType(type))
}

// ---- handlers ----------------------------------------------------------------------------------

/** What turns the rows into the body (MediaHandler). */
export type MediaHandler =
  | { kind: 'json' }
  | { kind: 'array-stripped' }
  | { kind: 'single'; stripped: boolean }
  | { kind: 'csv' }
  | { kind: 'geojson' }
  /** An aggregate over the rows, or (for a scalar function) the media type's domain as a cast. */
  | { kind: 'custom'; func: QualifiedName; target: QualifiedName | 'any'; baseType: string }
  | { kind: 'none' }

/**
 * A handler the catalog declares (a row of SchemaCache.hs mediaHandlers): an aggregate whose
 * final type is a media type domain, over a table's row type or `anyelement`, or a function
 * that returns such a domain (its "handler" is the domain itself).
 */
export interface MediaHandlerEntry {
  /** The aggregate, or the domain. */
  handler: QualifiedName
  /** The table or function it answers for; `any` for an `anyelement` aggregate. */
  target: QualifiedName | 'any'
  /** The domain's name, lower-cased: the media type it answers. */
  mediaType: string
  /** The domain's type name (`*∕*` answers as `application/octet-stream`). */
  resolvedMediaType: string
  /** The domain's base type (`bytea`, `text`, `jsonb` ...): how the body reads. */
  baseType: string
  /** Whether the handler is an aggregate (only those in exposed schemas count). */
  isAggregate: boolean
}

function mediaKey(media: MediaType): string {
  return toMime(media)
}

/**
 * negotiateContent: the first accepted media type that has a handler. The vendored types
 * (object, stripped array, and the plan of one) keep their built-in handlers; the others look for
 * a handler of the table or function (only with the default select), then for one of any row.
 */
export function negotiateContent(options: {
  accepts: MediaType[]
  identifier: QualifiedName
  handlers: MediaHandlerEntry[]
  schemas: string[]
  defaultSelect: boolean
  planEnabled: boolean
}): { handler: MediaHandler; media: MediaType } {
  const { accepts, identifier, defaultSelect, planEnabled } = options
  const table = new Map<string, { handler: MediaHandler; media: MediaType }>()
  const relKey = (target: QualifiedName | 'any') =>
    target === 'any' ? 'any' : `${target.schema}.${target.name}`
  // initialMediaHandlers, then the catalog's, which override them.
  table.set(`any|*/*`, { handler: { kind: 'json' }, media: 'json' })
  table.set(`any|application/json`, { handler: { kind: 'json' }, media: 'json' })
  table.set(`any|text/csv`, { handler: { kind: 'csv' }, media: 'csv' })
  table.set(`any|application/geo+json`, { handler: { kind: 'geojson' }, media: 'geojson' })
  for (const entry of options.handlers) {
    if (entry.isAggregate && !options.schemas.includes(entry.handler.schema)) continue
    if (!entry.isAggregate && entry.target !== 'any' && !options.schemas.includes(entry.target.schema))
      continue
    const resolved = entry.resolvedMediaType === '*/*' ? 'application/octet-stream' : entry.resolvedMediaType
    table.set(`${relKey(entry.target)}|${mediaKey(decodeMediaType(entry.mediaType))}`, {
      handler: { kind: 'custom', func: entry.handler, target: entry.target, baseType: entry.baseType },
      media: decodeMediaType(resolved),
    })
  }
  const lookup = (media: MediaType) =>
    (defaultSelect ? table.get(`${relKey(identifier)}|*/*`) : undefined) ??
    (defaultSelect ? table.get(`${relKey(identifier)}|${mediaKey(media)}`) : undefined) ??
    table.get(`any|${mediaKey(media)}`)
  const match = (media: MediaType): { handler: MediaHandler; media: MediaType } | undefined => {
    if (media === 'single' || media === 'single-stripped')
      return { handler: { kind: 'single', stripped: media === 'single-stripped' }, media }
    if (media === 'array-stripped') return { handler: { kind: 'array-stripped' }, media }
    if (isPlan(media)) {
      if (!planEnabled) return undefined
      const inner = media.plan
      if (inner === 'single' || inner === 'single-stripped')
        return { handler: { kind: 'single', stripped: inner === 'single-stripped' }, media }
      if (inner === 'array-stripped') return { handler: { kind: 'array-stripped' }, media }
      const found = lookup(inner)
      return found && { handler: found.handler, media }
    }
    return lookup(media)
  }
  for (const media of accepts) {
    const found = match(media)
    if (found) return found
  }
  throw pgrstError(
    406,
    'PGRST107',
    `None of these media types are available: ${accepts.map(toMime).join(', ')}`,
  )
}
