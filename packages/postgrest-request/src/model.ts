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
  /**
   * The body exactly as sent, when `body` does not say it exactly: CSV, form fields or text (the
   * `Content-Type` header says which), or JSON with numbers JavaScript would round. Renderers
   * send it instead of `body`. Set only by the request parser.
   */
  rawBody?: string
  operation: Operation
}

/** PUT is PostgREST's single-row upsert; the translator never produces it. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
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

/** A step into a JSON value: `->'key'` or `->>0`. A number is an array index (`-1` is the last). */
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
  /**
   * The value of a quantified operator, `like(any).{a,b}`: a Postgres array literal. `text` is the
   * literal as sent, passed to Postgres untouched (`{9,NULL}` has a null element); when absent,
   * the literal is `items` written as one (see `arrayLiteralText`).
   */
  | { kind: 'array'; items: string[]; text?: string }

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

/** Order, limit and offset of an embedded resource: `authors.order=name&authors.limit=1`. */
export interface EmbeddedShape {
  /** The embedded resources, outermost first: `['a', 'b']` for `a.b.limit`. */
  embedPath: string[]
  order: OrderTerm[]
  limit?: number
  offset?: number
}

export interface ReadShape {
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  /** Ordering and paging of embedded resources, one entry per embed path. */
  embedded?: EmbeddedShape[]
}

/** `Prefer: count=…`: the total in `Content-Range`. */
export type CountPreference = 'exact' | 'planned' | 'estimated'

export interface SelectOperation extends ReadShape {
  kind: 'select'
  relation: Relation
  select: SelectItem[]
  /** HEAD: headers only, no rows. With `count: 'exact'`, the header-only count (`Content-Range`). */
  countOnly: boolean
  /** `Prefer: count=…` */
  count?: CountPreference
}

export interface RpcOperation extends ReadShape {
  kind: 'rpc'
  relation: Relation
  /**
   * Named arguments, or the whole body for a function with one unnamed JSON parameter. For GET
   * and HEAD calls, the query parameters that are not filters, as text; a name given several
   * times has its values in a list (PostgREST passes the list to a VARIADIC parameter and the
   * last value to any other).
   */
  args: JsonValue
  /** GET or HEAD: a read-only call with the arguments in the query string. POST when absent. */
  method?: 'GET' | 'HEAD'
  /** Undefined when the query selects `*`. */
  select?: SelectItem[]
  /** `Prefer: count=…` */
  count?: CountPreference
  /** `columns=`: the arguments to read from the body (POST). */
  columns?: string[]
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
  /**
   * `columns=` as sent: the columns to insert, read from each row by name (rows need not share
   * keys). When absent, the translator's requests derive it for several rows; parsed requests
   * leave it absent when it was not sent.
   */
  columns?: string[]
  /**
   * PUT: a single-row upsert on the primary key, which the filters name (`id=eq.4`). PostgREST
   * checks the filters against the table (PGRST105) and the body against them (PGRST115).
   */
  put?: boolean
  /**
   * Filters sent with the write. PUT: the primary key. POST: PostgREST applies only those on
   * embedded resources and the logic trees, to the returned rows.
   */
  filters?: FilterNode[]
  returning?: SelectItem[]
}

export interface UpdateOperation {
  kind: 'update'
  relation: Relation
  values: JsonObject
  filters: FilterNode[]
  /** `columns=` as sent: the columns to set. */
  columns?: string[]
  /** `Prefer: missing=default`: columns named in `columns=` but missing from the body get defaults. */
  missingAsDefault?: boolean
  /** A limited update: the rows to change are the first `limit` after `offset` in this order. */
  order?: OrderTerm[]
  limit?: number
  offset?: number
  returning?: SelectItem[]
}

export interface DeleteOperation {
  kind: 'delete'
  relation: Relation
  filters: FilterNode[]
  /** A limited delete: the rows to delete are the first `limit` after `offset` in this order. */
  order?: OrderTerm[]
  limit?: number
  offset?: number
  returning?: SelectItem[]
}

export type Operation = SelectOperation | RpcOperation | InsertOperation | UpdateOperation | DeleteOperation
