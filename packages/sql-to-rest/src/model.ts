/**
 * The request model: everything a renderer needs. `method`, `path`, `query`, `headers` and `body`
 * are the HTTP request itself; `operation` keeps the meaning of the request, which client-library
 * renderers need to choose their methods.
 */
export interface RequestModel {
  method: HttpMethod
  /** Path below the REST base URL, percent-encoded: `/books`, `/rpc/add_book`. */
  path: string
  /** Query parameters in order, not encoded. */
  query: QueryParam[]
  headers: HttpHeader[]
  /** JSON body for writes and RPC calls. */
  body?: JsonValue
  operation: Operation
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE'
export type QueryParam = [name: string, value: string]
export interface HttpHeader {
  name: string
  value: string
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

export interface Warning {
  code: WarningCode
  message: string
}
export type WarningCode =
  | 'update-without-where'
  | 'delete-without-where'
  | 'aggregates-need-enabling'
  | 'left-join-filter'
  | 'value-cast-dropped'
  | 'spread-star-collision'

/** Something the reader should know about a request that is right as it stands. */
export interface Note {
  code: NoteCode
  message: string
  /** Another request for the same answer, to render beside the main one. */
  alternative?: RequestModel
}
export type NoteCode =
  /** `count(*)` alone: the header-only count is the lighter request. */
  | 'count-in-header'
  /** A spread column would share its JSON key with another column: it gets an alias. */
  | 'spread-column-renamed'

export interface Relation {
  schema?: string
  name: string
}

/** A step into a JSON value: `->'key'` or `->>0`. */
export interface JsonStep {
  arrow: '->' | '->>'
  key: string | number
}

export interface FieldRef {
  column: string
  jsonPath: JsonStep[]
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max'

export type SelectItem = SelectStar | SelectField | SelectCountAll | SelectEmbed

export interface SelectStar {
  kind: 'star'
}
export interface SelectField {
  kind: 'field'
  field: FieldRef
  alias?: string
  cast?: string
  aggregate?: AggregateFunction
  aggregateCast?: string
}
/** `count(*)`, written `count()` by PostgREST. */
export interface SelectCountAll {
  kind: 'count-all'
  alias?: string
  cast?: string
}
export interface SelectEmbed {
  kind: 'embed'
  relation: string
  alias?: string
  hint?: string
  inner: boolean
  spread: boolean
  items: SelectItem[]
}

export type FilterOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'in'
  | 'is'
  | 'isdistinct'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts'

export type Quantifier = 'any' | 'all'

/** A value as PostgREST reads it (`text`) and as a JavaScript literal would carry it (`js`). */
export interface ScalarValue {
  text: string
  js: string | number | boolean
}

export type FilterValue =
  | { kind: 'scalar'; value: ScalarValue }
  | { kind: 'list'; items: ScalarValue[] }
  | { kind: 'is'; value: 'null' | 'true' | 'false' | 'unknown' }
  /** A Postgres array literal for quantified operators: `like(any).{a,b}`. */
  | { kind: 'array'; items: string[] }

export interface FilterCondition {
  kind: 'condition'
  /** Embedded resources the column belongs to, outermost first. Empty for the main table. */
  embedPath: string[]
  field: FieldRef
  negated: boolean
  operator: FilterOperator
  quantifier?: Quantifier
  /** Text-search configuration, for the fts operators. */
  config?: string
  value: FilterValue
}

export interface FilterGroup {
  kind: 'group'
  embedPath: string[]
  negated: boolean
  operator: 'and' | 'or'
  items: FilterNode[]
}

export type FilterNode = FilterCondition | FilterGroup

export interface OrderTerm {
  /** Set when ordering by a column of an embedded (to-one) resource: `order=authors(name)`. */
  embed?: string
  field: FieldRef
  direction: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export interface ReadShape {
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
}

export interface SelectOperation extends ReadShape {
  kind: 'select'
  relation: Relation
  select: SelectItem[]
  /** Ask for the count only: HEAD with `Prefer: count=exact`, the total in `Content-Range`. */
  countOnly: boolean
}

export interface RpcOperation extends ReadShape {
  kind: 'rpc'
  relation: Relation
  /** Named arguments, or the whole body for a function with one unnamed JSON parameter. */
  args: JsonValue
  /** Undefined when the query selects `*`. */
  select?: SelectItem[]
}

export interface InsertOperation {
  kind: 'insert'
  relation: Relation
  rows: JsonObject[]
  /** One VALUES row: sent as an object rather than an array. */
  singleRow: boolean
  /** Some rows use DEFAULT: the server must fill missing columns with defaults, not NULL. */
  missingAsDefault: boolean
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' }
  returning?: SelectItem[]
}

export interface UpdateOperation {
  kind: 'update'
  relation: Relation
  values: JsonObject
  filters: FilterNode[]
  returning?: SelectItem[]
}

export interface DeleteOperation {
  kind: 'delete'
  relation: Relation
  filters: FilterNode[]
  returning?: SelectItem[]
}

export type Operation = SelectOperation | RpcOperation | InsertOperation | UpdateOperation | DeleteOperation
