/**
 * The read plan: the tree of the requested resource and its embeds, with each node's select
 * list, filters, order and range, and the relationship that joins it to its parent. Built in
 * the stages of PostgREST 12.2's `readPlan` (`src/PostgREST/Plan.hs`), in the same order, so
 * the same requests fail the same way.
 */
import type { FieldRef, FilterNode, OrderTerm, Range, SelectItem } from '@docs/postgrest-request'
import { ALL_RANGE, hasLimitZero, restrictRange } from '@docs/postgrest-request'
import { pgrstError, type RestError } from './errors'
import { isToOne, key, type Relationship, type SchemaCache } from './schema-cache'

export interface QualifiedIdentifier {
  /** '' for an alias or a CTE. */
  schema: string
  name: string
}

/** A column reference with its JSON path; `toJson` wraps a non-JSON column in `to_jsonb()`. */
export interface CoercibleField {
  name: string
  jsonPath: FieldRef['jsonPath']
  toJson: boolean
  /** The column's type, '' when unknown. */
  type: string
  /**
   * A data representation's function the value goes through (cfTransform): the column's on the
   * way out, the filter value's on the way in.
   */
  transform?: string
}

export interface CoercibleSelectField {
  field: CoercibleField
  aggregate?: string
  aggregateCast?: string
  cast?: string
  alias?: string
}

export type LogicTree =
  | { kind: 'expr'; negated: boolean; operator: 'and' | 'or'; items: LogicTree[] }
  | { kind: 'filter'; field: CoercibleField; condition: FilterNode & { kind: 'condition' } }
  | { kind: 'null-embed'; negated: boolean; aggAlias: string }

export type CoercibleOrderTerm =
  | { kind: 'field'; field: CoercibleField; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
  | {
      kind: 'relation'
      relation: string
      field: FieldRef
      direction?: 'asc' | 'desc'
      nulls?: 'first' | 'last'
    }

export type { Range } from '@docs/postgrest-request'

export type RelSelectField =
  | { kind: 'embed'; mode: 'object' | 'array'; selName: string; aggAlias: string; empty: boolean }
  | { kind: 'spread'; aggAlias: string; fields: SpreadSelectField[] }

export interface SpreadSelectField {
  name: string
  aggregate?: string
  aggregateCast?: string
  alias?: string
}

export interface JoinCondition {
  left: [QualifiedIdentifier, string]
  right: [QualifiedIdentifier, string]
}

export interface ReadPlan {
  select: CoercibleSelectField[]
  from: QualifiedIdentifier
  fromAlias?: string
  where: LogicTree[]
  order: CoercibleOrderTerm[]
  range: Range
  relName: string
  relToParent?: Relationship
  /** A computed relationship's argument: the parent's alias, or its table (relTableAlias). */
  relTableAlias?: QualifiedIdentifier
  relJoinConds: JoinCondition[]
  relAlias?: string
  relAggAlias: string
  relHint?: string
  relJoinType?: 'inner' | 'left'
  relIsSpread: boolean
  relSelect: RelSelectField[]
  depth: number
  children: ReadPlan[]
}

/** What the request asks of the read: the parsed query string, by embed path. */
export interface ReadRequest {
  select: SelectItem[]
  filters: FilterNode[]
  /** Order terms by embed path ([] for the root). */
  orders: { embedPath: string[]; terms: OrderTerm[] }[]
  /** Ranges by embed path ([] for the root, already combined with the Range header). */
  ranges: { embedPath: string[]; range: Range }[]
  /** A write or a function call reads from the `pgrst_source` CTE. */
  source: 'relation' | 'mutation' | 'routine'
  /** For a write, filters apply to the write; only embedded ones shape the read. */
  rootFiltersApply: boolean
}

export interface PlanOptions {
  aggregatesEnabled: boolean
  maxRows?: number
}

export const SOURCE_CTE = 'pgrst_source'

function unknownField(name: string, jsonPath: FieldRef['jsonPath']): CoercibleField {
  return { name, jsonPath, toJson: false, type: '' }
}

/**
 * resolveTypeOrUnknown: JSON paths on anything but json/jsonb go through to_jsonb. A selected
 * column goes out through its type's representation as json (resolveOutputField), a filter's
 * value comes in through the representation from text (resolveQueryInputField).
 */
function resolveField(
  cache: SchemaCache,
  table: QualifiedIdentifier,
  field: FieldRef,
  use: 'output' | 'input' | 'order' = 'order',
): CoercibleField {
  const column = cache.tables.get(key(table.schema, table.name))?.columns.find((c) => c.name === field.column)
  const type = column?.type ?? ''
  const resolved = {
    name: field.column,
    jsonPath: field.jsonPath,
    toJson: type !== 'json' && type !== 'jsonb',
    type,
  }
  if (use === 'order') return resolved
  return withTransformer(cache, use === 'output' ? type : 'text', use === 'output' ? 'json' : type, resolved)
}

/** withTransformer: the representation from source to target, when there is one. */
export function withTransformer(
  cache: SchemaCache,
  source: string,
  target: string,
  field: CoercibleField,
): CoercibleField {
  const found = cache.representations.find((rep) => rep.source === source && rep.target === target)
  return found === undefined ? field : { ...field, type: source, transform: found.function }
}

function newNode(from: QualifiedIdentifier, relName: string, depth: number): ReadPlan {
  return {
    select: [],
    from,
    where: [],
    order: [],
    range: ALL_RANGE,
    relName,
    relJoinConds: [],
    relAggAlias: '',
    relIsSpread: false,
    relSelect: [],
    depth,
    children: [],
  }
}

/** initReadRequest: one node per embedded resource, select fields resolved against their table. */
function initReadRequest(cache: SchemaCache, root: QualifiedIdentifier, items: SelectItem[]): ReadPlan {
  const build = (node: ReadPlan, select: SelectItem[]) => {
    for (const item of select) {
      switch (item.kind) {
        case 'star':
          node.select.push({ field: unknownField('*', []) })
          break
        case 'count-all':
          node.select.push({
            field: unknownField('*', []),
            aggregate: 'count',
            ...(item.cast === undefined ? {} : { aggregateCast: item.cast }),
            ...(item.alias === undefined ? {} : { alias: item.alias }),
          })
          break
        case 'field':
          node.select.push({
            field: resolveField(cache, node.from, item.field, 'output'),
            ...(item.aggregate === undefined ? {} : { aggregate: item.aggregate }),
            ...(item.aggregateCast === undefined ? {} : { aggregateCast: item.aggregateCast }),
            ...(item.cast === undefined ? {} : { cast: item.cast }),
            ...(item.alias === undefined ? {} : { alias: item.alias }),
          })
          break
        case 'embed': {
          const child = newNode({ schema: root.schema, name: item.relation }, item.relation, node.depth + 1)
          if (item.alias !== undefined && !item.spread) child.relAlias = item.alias
          if (item.hint !== undefined) child.relHint = item.hint
          if (item.inner) child.relJoinType = 'inner'
          child.relIsSpread = item.spread
          build(child, item.items)
          node.children.push(child)
          break
        }
      }
    }
  }
  const rootNode = newNode(root, root.name, 0)
  build(rootNode, items)
  return rootNode
}

function notEmbedded(name: string): RestError {
  return pgrstError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  )
}

/** updateNode: the node an embed path names (by relation name or alias), or PGRST108. */
function findNode(root: ReadPlan, path: string[]): ReadPlan {
  let node = root
  for (const name of path) {
    const next = node.children.find((child) => child.relName === name || child.relAlias === name)
    if (!next) throw notEmbedded(name)
    node = next
  }
  return node
}

function resolveLogic(cache: SchemaCache, table: QualifiedIdentifier, node: FilterNode): LogicTree {
  if (node.kind === 'group') {
    return {
      kind: 'expr',
      negated: node.negated,
      operator: node.operator,
      items: node.items.map((item) => resolveLogic(cache, table, item)),
    }
  }
  return { kind: 'filter', field: resolveField(cache, table, node.field, 'input'), condition: node }
}

export function buildReadPlan(
  cache: SchemaCache,
  target: QualifiedIdentifier,
  request: ReadRequest,
  options: PlanOptions,
): ReadPlan {
  const root = initReadRequest(cache, target, request.select)

  // addFilters (a write's root filters belong to the write), addOrders, addRanges, addLogicTrees
  for (const filter of [...request.filters].reverse()) {
    if (filter.embedPath.length === 0 && !request.rootFiltersApply) continue
    const node = findNode(root, filter.embedPath)
    node.where.unshift(resolveLogic(cache, node.from, filter))
  }
  if (request.source !== 'mutation') {
    for (const { embedPath, terms } of request.orders) {
      const node = findNode(root, embedPath)
      node.order = terms.map((term): CoercibleOrderTerm => {
        const shape = {
          ...(term.direction === undefined ? {} : { direction: term.direction }),
          ...(term.nulls === undefined ? {} : { nulls: term.nulls }),
        }
        return term.embed === undefined
          ? { kind: 'field', field: resolveField(cache, node.from, term.field), ...shape }
          : { kind: 'relation', relation: term.embed, field: term.field, ...shape }
      })
    }
    for (const { embedPath, range } of request.ranges) findNode(root, embedPath).range = range
  }

  addRelationships(cache, target.schema, request.source, root, undefined)
  expandStars(cache, root, false)
  addAliases(root)
  addRelatedOrders(root)
  validateSpreadEmbeds(root)
  addNullEmbedFilters(root)
  addRelSelects(root)
  hoistSpreadAggregates(root)
  validateAggregates(root, options.aggregatesEnabled)
  if (request.source !== 'mutation') restrictRanges(root, options.maxRows)
  return root
}

// ---- addRels: relationships, aliases and join conditions --------------------------------------

function addRelationships(
  cache: SchemaCache,
  schema: string,
  source: ReadRequest['source'],
  node: ReadPlan,
  parent: ReadPlan | undefined,
): void {
  if (parent === undefined) {
    // A write or a call reads its rows from the CTE, aliased with the table's name so that
    // relationships of the table are found.
    if (source !== 'relation') {
      node.fromAlias = node.from.name
      node.from = { schema: '', name: SOURCE_CTE }
    }
  } else {
    const origin = node.depth === 1 ? (parent.fromAlias ?? parent.from.name) : parent.from.name
    const relationship = findRelationship(cache, schema, origin, node.relName, node.relHint)
    const aggAlias = `${relationship.table.name}_${node.relAlias ?? node.relName}_${node.depth}`
    node.from = relationship.foreignTable
    node.relToParent = relationship
    node.relAggAlias = aggAlias
    if (relationship.cardinality.kind === 'computed') {
      // The function is called with the parent's row: no join conditions.
      node.relTableAlias =
        parent.fromAlias === undefined ? relationship.table : { schema: '', name: parent.fromAlias }
      node.fromAlias = `${relationship.foreignTable.name}_${node.depth}`
    } else if (relationship.cardinality.kind === 'M2M') {
      node.relJoinConds = joinConditions(undefined, parent.fromAlias, relationship)
    } else {
      node.fromAlias = `${relationship.foreignTable.name}_${node.depth}`
      node.relJoinConds = joinConditions(node.fromAlias, parent.fromAlias, relationship)
    }
  }
  for (const child of node.children) addRelationships(cache, schema, source, child, node)
}

function joinConditions(
  alias: string | undefined,
  parentAlias: string | undefined,
  relationship: Relationship,
): JoinCondition[] {
  const schema = relationship.table.schema
  const condition =
    (parentAliasOf: string | undefined, aliasOf: string | undefined, table: string, foreign: string) =>
    ([column, foreignColumn]: [string, string]): JoinCondition => ({
      left: [
        aliasOf === undefined ? { schema, name: foreign } : { schema: '', name: aliasOf },
        foreignColumn,
      ],
      right: [
        parentAliasOf === undefined ? { schema, name: table } : { schema: '', name: parentAliasOf },
        column,
      ],
    })
  const table = relationship.table.name
  const foreign = relationship.foreignTable.name
  const cardinality = relationship.cardinality
  if (cardinality.kind === 'computed') return []
  if (cardinality.kind === 'M2M') {
    const junction = cardinality.junction.name
    // junColsSource/junColsTarget pair the junction's columns with the origin's and target's.
    return [
      ...cardinality.targetColumns.map(([junctionColumn, target]) =>
        condition(undefined, undefined, foreign, junction)([target, junctionColumn]),
      ),
      ...cardinality.sourceColumns.map(([junctionColumn, origin]) =>
        condition(parentAlias, alias, table, junction)([origin, junctionColumn]),
      ),
    ]
  }
  return cardinality.columns.map(condition(parentAlias, alias, table, foreign))
}

function singleColumn(relationship: Relationship, side: 'own' | 'ref'): string | undefined {
  const cardinality = relationship.cardinality
  if (cardinality.kind === 'M2M' || cardinality.kind === 'computed' || cardinality.columns.length !== 1) {
    return undefined
  }
  return cardinality.columns[0]![side === 'own' ? 0 : 1]
}

function constraintOf(relationship: Relationship): string | undefined {
  const cardinality = relationship.cardinality
  return cardinality.kind === 'M2M' || cardinality.kind === 'computed' ? undefined : cardinality.constraint
}

/** findRel: the one relationship between origin and target the name and hint select. */
function findRelationship(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  // Keyed by the origin and the schema of the target (a computed relationship's: its function's).
  const candidates = cache.relationships.filter(
    (r) =>
      r.table.schema === schema &&
      r.table.name === origin &&
      r.foreignTable.schema === schema &&
      (r.cardinality.kind !== 'computed' || r.cardinality.function.schema === schema),
  )
  const kind = (r: Relationship) => r.cardinality.kind
  const matches = candidates.filter((r) => {
    if (r.cardinality.kind === 'computed') return target === r.cardinality.function.name
    if (r.isSelf) {
      if (hint === undefined) {
        return (
          (target === r.foreignTable.name && kind(r) === 'O2M') ||
          (singleColumn(r, 'own') === target && kind(r) === 'M2O')
        )
      }
      return target === r.foreignTable.name && kind(r) === 'O2M' && singleColumn(r, 'ref') === hint
    }
    if (hint === undefined) {
      return (
        target === r.foreignTable.name ||
        (constraintOf(r) === target && !r.foreignTableIsView) ||
        (singleColumn(r, 'own') === target && !r.foreignTableIsView)
      )
    }
    return (
      target === r.foreignTable.name &&
      (constraintOf(r) === hint ||
        singleColumn(r, 'own') === hint ||
        singleColumn(r, 'ref') === hint ||
        (r.cardinality.kind === 'M2M' && r.cardinality.junction.name === hint))
    )
  })
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) {
    return noRelationship(cache, schema, origin, target, hint)
  }
  // The schema cache keeps each origin's relationships sorted (getOverrideRelationshipsMap).
  const sorted = [...matches].sort(compareRelationships)
  throw pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    sorted.map(describeRelationship),
    `Try changing '${target}' to one of the following: ${sorted.map(embedHintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

/** Haskell's derived `Ord` of Relationship: field by field, constructors in declaration order. */
function compareRelationships(a: Relationship, b: Relationship): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  const name = (x: QualifiedIdentifier, y: QualifiedIdentifier) =>
    text(x.schema, y.schema) || text(x.name, y.name)
  const pairs = (x: [string, string][], y: [string, string][]): number => {
    for (let index = 0; index < Math.min(x.length, y.length); index += 1) {
      const order = text(x[index]![0], y[index]![0]) || text(x[index]![1], y[index]![1])
      if (order !== 0) return order
    }
    return x.length - y.length
  }
  const rank = ['O2M', 'M2O', 'O2O', 'M2M', 'computed']
  const one = a.cardinality
  const other = b.cardinality
  // A computed relationship is the later constructor, ordered by its function first.
  if (one.kind === 'computed' || other.kind === 'computed') {
    if (one.kind !== 'computed' || other.kind !== 'computed') return one.kind === 'computed' ? 1 : -1
    return (
      name(one.function, other.function) || name(a.table, b.table) || name(a.foreignTable, b.foreignTable)
    )
  }
  const byCardinality = (): number => {
    if (one.kind !== other.kind) return rank.indexOf(one.kind) - rank.indexOf(other.kind)
    if (one.kind === 'M2M' && other.kind === 'M2M') {
      return (
        name(one.junction, other.junction) ||
        text(one.constraint1, other.constraint1) ||
        text(one.constraint2, other.constraint2) ||
        pairs(swap(one.sourceColumns), swap(other.sourceColumns)) ||
        pairs(swap(one.targetColumns), swap(other.targetColumns))
      )
    }
    if (one.kind === 'M2M' || other.kind === 'M2M') return 0
    return text(one.constraint, other.constraint) || pairs(one.columns, other.columns)
  }
  return (
    name(a.table, b.table) ||
    name(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    byCardinality()
  )
}

// PostgREST keeps a junction's pairs as (table column, junction column).
const swap = (pairs: [string, string][]): [string, string][] => pairs.map(([x, y]) => [y, x])

function noRelationship(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): never {
  throw pgrstError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
    relationshipSuggestion(cache, schema, origin, target),
  )
}

/** noRelBetweenHint: suggest a close table name, for the parent when it is unknown, else for the child. */
function relationshipSuggestion(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
): string | null {
  const origins = [
    ...new Set(cache.relationships.filter((r) => r.table.schema === schema).map((r) => r.table.name)),
  ]
  if (!origins.includes(origin)) {
    const close = closest(origin, origins)
    return close === undefined ? null : `Perhaps you meant '${close}' instead of '${origin}'.`
  }
  const children = cache.relationships
    .filter((r) => r.table.schema === schema && r.table.name === origin)
    .map((r) => r.foreignTable.name)
  if (children.includes(target)) return null
  const close = closest(target, children)
  return close === undefined ? null : `Perhaps you meant '${close}' instead of '${target}'.`
}

/** A close name by shared letter pairs (PostgREST uses a fuzzy set with the same purpose). */
function closest(word: string, candidates: string[]): string | undefined {
  const pairs = (text: string) => {
    const result = new Set<string>()
    const padded = `-${text.toLowerCase()}-`
    for (let index = 0; index < padded.length - 1; index += 1) result.add(padded.slice(index, index + 2))
    return result
  }
  const mine = pairs(word)
  let best: { name: string; score: number } | undefined
  for (const candidate of candidates) {
    const theirs = pairs(candidate)
    const shared = [...mine].filter((pair) => theirs.has(pair)).length
    const score = (2 * shared) / (mine.size + theirs.size)
    if (score >= 0.33 && (best === undefined || score > best.score)) best = { name: candidate, score }
  }
  return best?.name
}

/** compressedRel: one candidate of an ambiguous embed, as the error's details list it. */
function describeRelationship(r: Relationship): Record<string, string> {
  const cardinality = r.cardinality
  // An embed by a computed relationship's name can clash with one by a foreign key's column.
  if (cardinality.kind === 'computed') return {}
  const names: Record<string, string> = {
    M2O: 'many-to-one',
    O2M: 'one-to-many',
    O2O: 'one-to-one',
    M2M: 'many-to-many',
  }
  const columns = (pairs: [string, string][], side: 0 | 1) =>
    `(${pairs.map((pair) => pair[side]).join(', ')})`
  const relationship =
    cardinality.kind === 'M2M'
      ? `${cardinality.junction.name} using ${cardinality.constraint1}${columns(cardinality.sourceColumns, 0)} and ${cardinality.constraint2}${columns(cardinality.targetColumns, 0)}`
      : `${cardinality.constraint} using ${r.table.name}${columns(cardinality.columns, 0)} and ${r.foreignTable.name}${columns(cardinality.columns, 1)}`
  return {
    cardinality: names[cardinality.kind]!,
    embedding: `${r.table.name} with ${r.foreignTable.name}`,
    relationship,
  }
}

/** relHint: each candidate as `table!constraint` (or `table!junction`), named by its table. */
function embedHintFor(r: Relationship): string {
  const cardinality = r.cardinality
  if (cardinality.kind === 'computed') return ''
  const hint = cardinality.kind === 'M2M' ? cardinality.junction.name : cardinality.constraint
  return `'${r.foreignTable.name}!${hint}'`
}

/** Selects nothing, and every embed under it selects nothing either. */
function onlyEmptyEmbeds(plan: ReadPlan): boolean {
  return plan.select.length === 0 && plan.children.every(onlyEmptyEmbeds)
}

// ---- the later stages --------------------------------------------------------------------------

/**
 * expandStars: `*` becomes the table's columns where an aggregate is in this node or above, or
 * where one of the table's columns has a representation as json (each then goes through it).
 */
function expandStars(cache: SchemaCache, node: ReadPlan, parentHasAggregate: boolean): void {
  const hasAggregate = parentHasAggregate || node.select.some((field) => field.aggregate !== undefined)
  const table =
    node.from.name === SOURCE_CTE && node.fromAlias !== undefined ? node.fromAlias : node.from.name
  const schema = node.from.schema === '' ? (node.relToParent?.table.schema ?? 'public') : node.from.schema
  const columns = cache.tables.get(key(schema, table))?.columns ?? []
  const hasRepresentation = columns.some((column) =>
    cache.representations.some((rep) => rep.source === column.type && rep.target === 'json'),
  )
  if (hasAggregate || hasRepresentation) {
    node.select = node.select.flatMap((field) =>
      field.field.name === '*' &&
      field.field.jsonPath.length === 0 &&
      field.aggregate === undefined &&
      columns.length > 0
        ? columns.map((column) => ({
            ...field,
            field: withTransformer(cache, column.type, 'json', {
              name: column.name,
              jsonPath: [],
              toJson: false,
              type: column.type,
            }),
          }))
        : [field],
    )
  }
  for (const child of node.children) expandStars(cache, child, hasAggregate)
}

/**
 * addAliases: a JSON path is named after its last key (an index: after the last key before it); a
 * value that goes through a representation, after its column.
 */
function addAliases(node: ReadPlan): void {
  for (const field of node.select) {
    if (field.alias !== undefined || field.aggregate !== undefined) continue
    const path = field.field.jsonPath
    const last = path[path.length - 1]
    if (last === undefined) {
      // A value that goes through a representation keeps its column's name.
      if (field.field.transform !== undefined) field.alias = field.field.name
      continue
    }
    if (typeof last.key === 'string') field.alias = last.key
    else {
      const lastKey = [...path].reverse().find((step) => typeof step.key === 'string')
      field.alias = lastKey === undefined ? field.field.name : String(lastKey.key)
    }
  }
  for (const child of node.children) addAliases(child)
}

/** addRelatedOrders: `order=rel(col)` orders by the embed's own output; it must be embedded and to-one. */
function addRelatedOrders(node: ReadPlan): void {
  node.order = node.order.map((term) => {
    if (term.kind !== 'relation') return term
    const found = node.children.find((child) => term.relation === (child.relAlias ?? child.relName))
    if (!found) throw notEmbedded(term.relation)
    if (found.relToParent === undefined || !isToOne(found.relToParent)) {
      const name = found.relAlias ?? found.relName
      throw pgrstError(
        400,
        'PGRST118',
        `A related order on '${name}' is not possible`,
        `'${node.from.name}' and '${name}' do not form a many-to-one or one-to-one relationship`,
      )
    }
    return { ...term, relation: found.relAggAlias }
  })
  for (const child of node.children) addRelatedOrders(child)
}

/** validateSpreadEmbeds: only to-one relationships can be spread (PGRST119). */
function validateSpreadEmbeds(node: ReadPlan): void {
  if (node.relToParent !== undefined && node.relIsSpread && !isToOne(node.relToParent)) {
    throw pgrstError(
      400,
      'PGRST119',
      `A spread operation on '${node.relName}' is not possible`,
      `'${node.relToParent.table.name}' and '${node.relName}' do not form a many-to-one or one-to-one relationship`,
    )
  }
  for (const child of node.children) validateSpreadEmbeds(child)
}

/** addNullEmbedFilters: `embed=is.null` / `embed=not.is.null` test the embed's joined row. */
function addNullEmbedFilters(node: ReadPlan): void {
  const rewrite = (tree: LogicTree): LogicTree => {
    if (tree.kind === 'expr') return { ...tree, items: tree.items.map(rewrite) }
    if (tree.kind !== 'filter' || tree.field.jsonPath.length > 0) return tree
    const found = node.children.find((child) => tree.field.name === (child.relAlias ?? child.relName))
    const condition = tree.condition
    if (
      found &&
      condition.operator === 'is' &&
      condition.value.kind === 'is' &&
      condition.value.value === 'null'
    ) {
      return { kind: 'null-embed', negated: condition.negated, aggAlias: found.relAggAlias }
    }
    return tree
  }
  node.where = node.where.map(rewrite)
  for (const child of node.children) addNullEmbedFilters(child)
}

/** addRelSelects: how each embed appears in its parent's select list. */
function addRelSelects(node: ReadPlan): void {
  for (const child of node.children) addRelSelects(child)
  node.relSelect = node.children.flatMap((child): RelSelectField[] => {
    if (child.relToParent === undefined) return []
    if (child.relIsSpread) {
      return [
        {
          kind: 'spread',
          aggAlias: child.relAggAlias,
          fields: [
            ...child.select.map((field) => ({ name: field.alias ?? field.field.name })),
            ...child.relSelect.flatMap((rel) =>
              rel.kind === 'embed' ? [{ name: rel.selName }] : rel.fields,
            ),
          ],
        },
      ]
    }
    return [
      {
        kind: 'embed',
        mode: isToOne(child.relToParent) ? 'object' : 'array',
        selName: child.relAlias ?? child.relName,
        aggAlias: child.relAggAlias,
        // An embed that selects nothing and embeds only such embeds is left out of the row
        // (12.2.12, PostgREST#3093; 12.2.0 still showed it as {}).
        empty: onlyEmptyEmbeds(child),
      },
    ]
  })
}

interface HoistedAggregate {
  aggAlias: string
  fieldName: string
  aggregate: string
  aggregateCast?: string
  alias?: string
}

/** hoistSpreadAggFunctions: an aggregate inside a spread applies in the parent's query. */
function hoistSpreadAggregates(node: ReadPlan): HoistedAggregate[] {
  const childAggregates = node.children.flatMap(hoistSpreadAggregates)
  if (node.children.length > 0) {
    node.relSelect = node.relSelect.map((rel) => {
      if (rel.kind !== 'spread') return rel
      return {
        ...rel,
        fields: rel.fields.map((field) => {
          const hoisted = childAggregates.find(
            (agg) => agg.aggAlias === rel.aggAlias && agg.fieldName === field.name,
          )
          if (!hoisted) return field
          const updated: SpreadSelectField = { name: field.name, aggregate: hoisted.aggregate }
          if (hoisted.aggregateCast !== undefined) updated.aggregateCast = hoisted.aggregateCast
          if (hoisted.alias !== undefined) updated.alias = hoisted.alias
          return updated
        }),
      }
    })
  }
  if (node.depth === 0 || (node.relToParent !== undefined && !node.relIsSpread)) return []
  const hoisted: HoistedAggregate[] = []
  node.select = node.select.map((field) => {
    if (field.aggregate === undefined) return field
    const entry: HoistedAggregate = {
      aggAlias: node.relAggAlias,
      fieldName: field.alias ?? field.field.name,
      aggregate: field.aggregate,
    }
    if (field.aggregateCast !== undefined) entry.aggregateCast = field.aggregateCast
    if (field.alias !== undefined) entry.alias = field.alias
    hoisted.push(entry)
    const { aggregate: _aggregate, aggregateCast: _cast, ...rest } = field
    return rest
  })
  return hoisted
}

/** validateAggFunctions: aggregates need `db-aggregates-enabled` (PGRST123). */
function validateAggregates(node: ReadPlan, enabled: boolean): void {
  if (enabled) return
  if (node.select.some((field) => field.aggregate !== undefined)) {
    throw pgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
  }
  for (const child of node.children) validateAggregates(child, enabled)
}

/** treeRestrictRange: `db-max-rows` caps every node's limit; `limit=0` stays zero. */
function restrictRanges(node: ReadPlan, maxRows: number | undefined): void {
  if (maxRows !== undefined && !hasLimitZero(node.range))
    node.range = restrictRange(BigInt(maxRows), node.range)
  for (const child of node.children) restrictRanges(child, maxRows)
}
