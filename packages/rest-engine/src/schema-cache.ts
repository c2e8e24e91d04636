/**
 * What PostgREST reads from the catalog at startup (its schema cache): tables and views with
 * their columns and primary keys, the relationships between them (many-to-one, one-to-one,
 * one-to-many and many-to-many through a junction table) and the functions it can call.
 * PostgREST 12.2: `src/PostgREST/SchemaCache.hs` (allTables, allM2OandO2ORels, addM2MRels,
 * addInverseRels, addViewPrimaryKeys, allComputedRels, allFunctions, dataRepresentations).
 */

import type { MediaHandlerEntry } from './media-types'

/** The smallest part of a Postgres client the engine needs: PGlite and node-postgres both fit. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
}

export interface Column {
  name: string
  /** `format_type` of the column: `bigint`, `text[]`, `jsonb` ... */
  type: string
  /** The default expression, when there is one. */
  default?: string
}

export interface Table {
  schema: string
  name: string
  isView: boolean
  columns: Column[]
  primaryKey: string[]
}

export interface QualifiedName {
  schema: string
  name: string
}

export type Cardinality =
  | { kind: 'M2O'; constraint: string; columns: [own: string, ref: string][] }
  | { kind: 'O2O'; constraint: string; columns: [own: string, ref: string][]; isParent: boolean }
  | { kind: 'O2M'; constraint: string; columns: [own: string, ref: string][] }
  | {
      kind: 'M2M'
      junction: QualifiedName
      constraint1: string
      constraint2: string
      /** junction column → origin column, junction column → target column */
      sourceColumns: [junction: string, origin: string][]
      targetColumns: [junction: string, target: string][]
    }
  | {
      /**
       * A computed relationship (ComputedRelationship): `function(table)` returns rows of the
       * foreign table; to-one when it returns one row or is declared `rows 1`.
       */
      kind: 'computed'
      function: QualifiedName
      toOne: boolean
    }

export interface Relationship {
  table: QualifiedName
  foreignTable: QualifiedName
  isSelf: boolean
  cardinality: Cardinality
  foreignTableIsView: boolean
}

export function isToOne(relationship: Relationship): boolean {
  const cardinality = relationship.cardinality
  return (
    cardinality.kind === 'M2O' ||
    cardinality.kind === 'O2O' ||
    (cardinality.kind === 'computed' && cardinality.toOne)
  )
}

export interface RoutineParam {
  name: string
  type: string
  required: boolean
  variadic: boolean
}

export interface Routine {
  schema: string
  name: string
  params: RoutineParam[]
  /** `setof` or a single value. */
  returnsSet: boolean
  /** A table or composite type's row, or a scalar. */
  returnType: { composite: true; schema: string; name: string } | { composite: false; type: string }
  volatility: 'immutable' | 'stable' | 'volatile'
}

/**
 * A data representation (DataRepresentation): an implicit cast, by a function, from a domain to
 * `json` or `text` or from either of them to a domain.
 */
export interface DataRepresentation {
  /** `format_type` of the cast's source and target, as a column's type is written. */
  source: string
  target: string
  /** The cast's function, schema-qualified and quoted for SQL. */
  function: string
}

export interface SchemaCache {
  tables: Map<string, Table>
  relationships: Relationship[]
  routines: Map<string, Routine[]>
  representations: DataRepresentation[]
  /** Aggregates and functions that answer a media type (`media-types.ts`). */
  mediaHandlers: MediaHandlerEntry[]
}

export function key(schema: string, name: string): string {
  return `${schema}.${name}`
}

const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind in ('v', 'm') as is_view,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      -- columnDefault: an identity column's default is its sequence; a generated one has none
      'default', case
        when a.attidentity = 'd' then format('nextval(%s)', quote_literal(pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)))
        when a.attgenerated = 's' then null
        else pg_get_expr(d.adbin, d.adrelid) end) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(a.attname order by k.i)
    from pg_constraint con, unnest(con.conkey) with ordinality k(n, i)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n
    where con.conrelid = c.oid and con.contype = 'p'), '[]') as primary_key
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'p', 'f')
  and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`

// allM2OandO2ORels: a foreign key is one-to-one when its columns are the table's primary key
// or one of its unique constraints.
const RELATIONSHIPS_SQL = `
with uniques as (
  select conrelid, jsonb_agg((select jsonb_agg(a.attname order by a.attnum)
    from unnest(conkey) k(n) join pg_attribute a on a.attrelid = conrelid and a.attnum = k.n)) as cols
  from pg_constraint where contype in ('p', 'u') group by conrelid
)
select ns1.nspname as schema, tab.relname as "table", ns2.nspname as foreign_schema,
  other.relname as foreign_table, con.conname as constraint_name,
  other.relkind in ('v', 'm') as foreign_is_view,
  (select json_agg(json_build_array(a.attname, r.attname) order by o)
    from unnest(con.conkey, con.confkey) with ordinality _(col, ref, o)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = col
    join pg_attribute r on r.attrelid = con.confrelid and r.attnum = ref) as columns,
  coalesce((select jsonb_agg(a.attname order by a.attnum) from unnest(con.conkey) k(n)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n)
    in (select * from jsonb_array_elements(u.cols)), false) as one_to_one
from pg_constraint con
join pg_class tab on tab.oid = con.conrelid
join pg_namespace ns1 on ns1.oid = tab.relnamespace
join pg_class other on other.oid = con.confrelid
join pg_namespace ns2 on ns2.oid = other.relnamespace
left join uniques u on u.conrelid = con.conrelid
where con.contype = 'f' and con.conparentid = 0
order by con.conrelid, con.conname`

const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as returns_set,
  p.provolatile as volatility, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  coalesce((select json_agg(json_build_object(
      'name', coalesce(p.proargnames[k.i], ''), 'type', format_type(k.t, null),
      'variadic', coalesce(p.proargmodes[k.i] = 'v', false)) order by k.i)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, i)
    where p.proargmodes is null or p.proargmodes[k.i] in ('i', 'b', 'v')), '[]') as params,
  -- TABLE, INOUT and OUT arguments make the result a row, as a composite type does
  t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false) as composite,
  tn.nspname as type_schema, coalesce(tc.relname, t.typname) as type_name,
  format_type(p.prorettype, null) as type
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
join pg_namespace tn on tn.oid = t.typnamespace
left join pg_class tc on tc.oid = t.typrelid
where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind = 'f'
  and t.oid <> 'trigger'::regtype
  -- callable: every argument named, or a single unnamed one of a type a body can fill
  and (select count(*) - count(nullif(name, '')) <= 1
         and (count(*) - count(nullif(name, '')) = 0
              or (array_agg(type) filter (where coalesce(name, '') = ''))[1]
                 in ('bytea'::regtype, 'json'::regtype, 'jsonb'::regtype, 'text'::regtype, 'xml'::regtype))
       from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(type, i)
       left join lateral (select p.proargnames[k.i] as name) names on true
       where p.proargmodes is null or p.proargmodes[k.i] in ('i', 'b', 'v'))`

// mediaHandlers: aggregates over a table's rows (or anyelement) whose final type is a domain
// named like a media type, and functions returning such a domain. The schemas are filtered when
// negotiating (only exposed ones count), so this reads them all.
const MEDIA_HANDLERS_SQL = `
with
all_relations as (
  select reltype from pg_class where relkind in ('v', 'r', 'm', 'f', 'p')
  union
  select oid from pg_type where typname = 'anyelement'
),
media_types as (
  select t.oid, lower(t.typname) as typname, t.typname as resolved_media_type, t.typnamespace,
    format_type(b.oid, null) as base_type
  from pg_type t
  join pg_type b on t.typbasetype = b.oid
  where t.typbasetype <> 0
    and (t.typname ~* '^[A-Za-z0-9.-]+/[A-Za-z0-9.\\+-]+$' or t.typname = '*/*')
)
select proc_schema.nspname as handler_schema, proc.proname as handler_name,
  arg_schema.nspname as target_schema, arg_name.typname as target_name,
  media_types.typname as media_type, media_types.resolved_media_type, media_types.base_type,
  true as is_aggregate
from media_types
  join pg_proc proc on proc.prorettype = media_types.oid
  join pg_namespace proc_schema on proc_schema.oid = proc.pronamespace
  join pg_aggregate agg on agg.aggfnoid = proc.oid
  join pg_type arg_name on arg_name.oid = proc.proargtypes[0]
  join pg_namespace arg_schema on arg_schema.oid = arg_name.typnamespace
where proc.pronargs = 1 and arg_name.oid in (select reltype from all_relations)
union
select typ_sch.nspname, mtype.typname, pro_sch.nspname, proname, mtype.typname,
  mtype.resolved_media_type, mtype.base_type, false
from pg_proc proc
  join pg_namespace pro_sch on pro_sch.oid = proc.pronamespace
  join media_types mtype on proc.prorettype = mtype.oid
  join pg_namespace typ_sch on typ_sch.oid = mtype.typnamespace
where not proretset and prokind = 'f'
order by 1, 2, 3, 4`

interface MediaHandlerRow {
  handler_schema: string
  handler_name: string
  target_schema: string
  target_name: string
  media_type: string
  resolved_media_type: string
  base_type: string
  is_aggregate: boolean
}

interface TableRow {
  schema: string
  name: string
  is_view: boolean
  columns: { name: string; type: string; default: string | null }[]
  primary_key: string[]
}

interface RelationshipRow {
  schema: string
  table: string
  foreign_schema: string
  foreign_table: string
  constraint_name: string
  foreign_is_view: boolean
  columns: [string, string][]
  one_to_one: boolean
}

interface RoutineRow {
  schema: string
  name: string
  returns_set: boolean
  volatility: 'i' | 's' | 'v'
  nargs: number
  ndefaults: number
  params: { name: string; type: string; variadic: boolean }[]
  composite: boolean
  type_schema: string
  type_name: string
  type: string
}

const swap = (pairs: [string, string][]): [string, string][] => pairs.map(([a, b]) => [b, a])

// ---- views -------------------------------------------------------------------------------------

const VIEWS_SQL = `
select n.nspname as schema, c.relname as name, r.ev_action::text as definition
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_rewrite r on r.ev_class = c.oid
where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`

const ATTRIBUTES_SQL = `
select c.oid::int as oid, n.nspname as schema, c.relname as name, a.attnum as number, a.attname as column
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.relkind in ('r', 'v', 'm', 'p', 'f') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`

/** `schema.view` → view column → the table column it shows, followed through views of views. */
type ViewColumns = Map<string, Map<string, { table: QualifiedName; column: string }>>

/**
 * The top-level target list of a view's rewrite rule (`pg_rewrite.ev_action`): each output
 * column's `resorigtbl`/`resorigcol`, the table column it comes from. PostgREST reads the same
 * fields (allViewsKeyDependencies, with a regex over the node tree).
 */
function targetList(definition: string): { name: string; table: number; column: number }[] {
  const marker = definition.indexOf(' :targetList (')
  if (marker === -1) return []
  let depth = 0
  let start = marker + ' :targetList '.length
  let end = start
  for (let index = start; index < definition.length; index += 1) {
    const char = definition[index]!
    if (char === '\\') index += 1
    else if (char === '(' || char === '{') depth += 1
    else if (char === ')' || char === '}') {
      depth -= 1
      if (depth === 0) {
        end = index
        break
      }
    }
  }
  const list = definition.slice(start + 1, end)
  // Entries at the list's top level; an entry's own fields come after its expression.
  const entries: string[] = []
  depth = 0
  start = 0
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index]!
    if (char === '\\') index += 1
    else if (char === '{' || char === '(') {
      if (depth === 0) start = index
      depth += 1
    } else if (char === '}' || char === ')') {
      depth -= 1
      if (depth === 0) entries.push(list.slice(start, index + 1))
    }
  }
  return entries.flatMap((entry) => {
    const fields = [
      ...entry.matchAll(
        /:resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk false/g,
      ),
    ].pop()
    return fields
      ? [{ name: fields[1]!.replace(/\\(.)/g, '$1'), table: Number(fields[2]), column: Number(fields[3]) }]
      : []
  })
}

async function readViewColumns(db: SqlClient): Promise<ViewColumns> {
  const attributes = new Map<string, { table: QualifiedName; column: string }>()
  const relations = new Map<number, QualifiedName>()
  for (const row of (
    await db.query<{ oid: number; schema: string; name: string; number: number; column: string }>(
      ATTRIBUTES_SQL,
    )
  ).rows) {
    relations.set(row.oid, { schema: row.schema, name: row.name })
    attributes.set(`${row.oid}.${row.number}`, {
      table: { schema: row.schema, name: row.name },
      column: row.column,
    })
  }
  const direct: ViewColumns = new Map()
  for (const row of (await db.query<{ schema: string; name: string; definition: string }>(VIEWS_SQL)).rows) {
    const columns = new Map<string, { table: QualifiedName; column: string }>()
    for (const entry of targetList(row.definition)) {
      const origin = attributes.get(`${entry.table}.${entry.column}`)
      if (origin) columns.set(entry.name, origin)
    }
    direct.set(key(row.schema, row.name), columns)
  }
  // A view over a view shows the underlying table's column.
  const resolve = (
    origin: { table: QualifiedName; column: string },
    seen: number,
  ): { table: QualifiedName; column: string } => {
    const through = direct.get(key(origin.table.schema, origin.table.name))?.get(origin.column)
    return through && seen < 16 ? resolve(through, seen + 1) : origin
  }
  const resolved: ViewColumns = new Map()
  for (const [view, columns] of direct) {
    resolved.set(view, new Map([...columns].map(([name, origin]) => [name, resolve(origin, 0)])))
  }
  return resolved
}

/**
 * addViewM2OAndO2ORels: a view that shows a foreign key's columns (or the columns it references)
 * takes part in that relationship in the table's place.
 */
function viewRelationships(
  relationships: Relationship[],
  views: ViewColumns,
  tables: Map<string, Table>,
): Relationship[] {
  // A view may show a key column more than once: each combination of its columns is a relationship
  // of its own (expandKeyDepCols).
  const showing = (table: QualifiedName, columns: string[]) => {
    const found: { view: QualifiedName; names: string[] }[] = []
    for (const [viewKey, mapping] of views) {
      const view = tables.get(viewKey)
      if (!view) continue
      let combinations: string[][] = [[]]
      for (const column of columns) {
        const names = [...mapping]
          .filter(
            ([, origin]) =>
              origin.table.schema === table.schema &&
              origin.table.name === table.name &&
              origin.column === column,
          )
          .map(([name]) => name)
        combinations = combinations.flatMap((combination) => names.map((name) => [...combination, name]))
      }
      for (const names of combinations) found.push({ view: { schema: view.schema, name: view.name }, names })
    }
    return found
  }
  const added: Relationship[] = []
  for (const relationship of relationships) {
    const cardinality = relationship.cardinality
    if (cardinality.kind !== 'M2O' && cardinality.kind !== 'O2O') continue
    const own = cardinality.columns.map(([column]) => column)
    const ref = cardinality.columns.map(([, column]) => column)
    const sources = [
      { view: relationship.table, names: own, isView: false },
      ...showing(relationship.table, own).map((v) => ({ ...v, isView: true })),
    ]
    const targets = [
      { view: relationship.foreignTable, names: ref, isView: false },
      ...showing(relationship.foreignTable, ref).map((v) => ({ ...v, isView: true })),
    ]
    for (const source of sources) {
      for (const target of targets) {
        if (!source.isView && !target.isView) continue
        const columns = source.names.map((name, index): [string, string] => [name, target.names[index]!])
        added.push({
          table: source.view,
          foreignTable: target.view,
          isSelf: key(source.view.schema, source.view.name) === key(target.view.schema, target.view.name),
          cardinality: { ...cardinality, columns },
          foreignTableIsView: target.isView,
        })
      }
    }
  }
  return added
}

/**
 * addViewPrimaryKeys: a view that shows every column of a table's primary key has that key, named
 * by the first of its columns that shows each.
 */
function addViewPrimaryKeys(tables: Map<string, Table>, views: ViewColumns): void {
  for (const [viewKey, mapping] of views) {
    const view = tables.get(viewKey)
    if (!view) continue
    const origins = new Map<string, QualifiedName>()
    for (const origin of mapping.values())
      origins.set(key(origin.table.schema, origin.table.name), origin.table)
    const primaryKey: string[] = []
    for (const [originKey, origin] of origins) {
      const columns = tables.get(originKey)?.primaryKey ?? []
      const names = columns.map(
        (column) =>
          [...mapping].find(
            ([, shown]) =>
              shown.table.schema === origin.schema &&
              shown.table.name === origin.name &&
              shown.column === column,
          )?.[0],
      )
      if (columns.length > 0 && names.every((name): name is string => name !== undefined)) {
        primaryKey.push(...names)
      }
    }
    view.primaryKey = primaryKey
  }
}

// allComputedRels: a function of one argument, a table's row, that returns a table's rows.
const COMPUTED_RELATIONSHIPS_SQL = `
with relations as (select reltype from pg_class where relkind in ('v', 'r', 'm', 'f', 'p'))
select pn.nspname as schema, p.proname as name,
  arg_ns.nspname as table_schema, arg_t.typname as table_name,
  ret_ns.nspname as foreign_schema, ret_t.typname as foreign_table,
  not p.proretset or p.prorows = 1 as to_one
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_type arg_t on arg_t.oid = p.proargtypes[0]
join pg_namespace arg_ns on arg_ns.oid = arg_t.typnamespace
join pg_type ret_t on ret_t.oid = p.prorettype
join pg_namespace ret_ns on ret_ns.oid = ret_t.typnamespace
where p.pronargs = 1
  and p.proargtypes[0] in (select reltype from relations)
  and p.prorettype in (select reltype from relations)`

interface ComputedRow {
  schema: string
  name: string
  table_schema: string
  table_name: string
  foreign_schema: string
  foreign_table: string
  to_one: boolean
}

// dataRepresentations: implicit casts by a function between a domain and json or text.
const REPRESENTATIONS_SQL = `
select format_type(c.castsource, null) as source, format_type(c.casttarget, null) as target,
  format('%I.%I', n.nspname, p.proname) as function
from pg_cast c
join pg_type src on src.oid = c.castsource
join pg_type dst on dst.oid = c.casttarget
join pg_proc p on p.oid = c.castfunc
join pg_namespace n on n.oid = p.pronamespace
where c.castcontext = 'i' and c.castmethod = 'f' and has_function_privilege(c.castfunc, 'execute')
  and ((src.typtype = 'd' and c.casttarget in ('json'::regtype, 'text'::regtype))
    or (dst.typtype = 'd' and c.castsource in ('json'::regtype, 'text'::regtype)))`

/**
 * getOverrideRelationshipsMap: a computed relationship named after a table replaces the
 * relationships its argument's table has with that table.
 */
function withComputedRelationships(relationships: Relationship[], rows: ComputedRow[]): Relationship[] {
  const computed = rows.map((row): Relationship => ({
    table: { schema: row.table_schema, name: row.table_name },
    foreignTable: { schema: row.foreign_schema, name: row.foreign_table },
    isSelf: row.table_schema === row.foreign_schema && row.table_name === row.foreign_table,
    cardinality: { kind: 'computed', function: { schema: row.schema, name: row.name }, toOne: row.to_one },
    foreignTableIsView: false,
  }))
  const overridden = new Set(
    rows.map((row) => `${key(row.table_schema, row.table_name)}\0${key(row.schema, row.name)}`),
  )
  return [
    ...relationships.filter(
      (r) =>
        !overridden.has(
          `${key(r.table.schema, r.table.name)}\0${key(r.foreignTable.schema, r.foreignTable.name)}`,
        ),
    ),
    ...computed,
  ]
}

/** Reads the schema cache from the catalog, as PostgREST does when it starts. */
export async function readSchemaCache(db: SqlClient): Promise<SchemaCache> {
  const tables = new Map<string, Table>()
  for (const row of (await db.query<TableRow>(TABLES_SQL)).rows) {
    tables.set(key(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      isView: row.is_view,
      columns: row.columns.map((column) => ({
        name: column.name,
        type: column.type,
        ...(column.default === null ? {} : { default: column.default }),
      })),
      primaryKey: row.primary_key,
    })
  }

  const manyToOne: Relationship[] = []
  for (const row of (await db.query<RelationshipRow>(RELATIONSHIPS_SQL)).rows) {
    const table = { schema: row.schema, name: row.table }
    const foreignTable = { schema: row.foreign_schema, name: row.foreign_table }
    manyToOne.push({
      table,
      foreignTable,
      isSelf: table.schema === foreignTable.schema && table.name === foreignTable.name,
      cardinality: row.one_to_one
        ? { kind: 'O2O', constraint: row.constraint_name, columns: row.columns, isParent: false }
        : { kind: 'M2O', constraint: row.constraint_name, columns: row.columns },
      foreignTableIsView: row.foreign_is_view,
    })
  }

  const views = await readViewColumns(db)
  addViewPrimaryKeys(tables, views)
  manyToOne.push(...viewRelationships(manyToOne, views, tables))

  // addM2MRels: two many-to-one foreign keys of one table whose columns are all in its primary key
  // make it a junction between the two tables they point to.
  const manyToMany: Relationship[] = []
  for (const first of manyToOne) {
    for (const second of manyToOne) {
      if (key(first.table.schema, first.table.name) !== key(second.table.schema, second.table.name)) continue
      const one = first.cardinality
      const other = second.cardinality
      if (one.kind !== 'M2O' || other.kind !== 'M2O') continue
      if (one.constraint === other.constraint) continue
      const primaryKey = new Set(tables.get(key(first.table.schema, first.table.name))?.primaryKey ?? [])
      const junctionColumns = [...one.columns, ...other.columns].map(([own]) => own)
      if (!junctionColumns.every((column) => primaryKey.has(column))) continue
      manyToMany.push({
        table: first.foreignTable,
        foreignTable: second.foreignTable,
        isSelf:
          key(first.foreignTable.schema, first.foreignTable.name) ===
          key(second.foreignTable.schema, second.foreignTable.name),
        cardinality: {
          kind: 'M2M',
          junction: first.table,
          constraint1: one.constraint,
          constraint2: other.constraint,
          sourceColumns: one.columns,
          targetColumns: other.columns,
        },
        foreignTableIsView: second.foreignTableIsView,
      })
    }
  }

  // addInverseRels: each many-to-one is also a one-to-many seen from the other side.
  const inverse: Relationship[] = manyToOne.map((relationship) => {
    const cardinality = relationship.cardinality as Exclude<Cardinality, { kind: 'M2M' | 'computed' }>
    return {
      table: relationship.foreignTable,
      foreignTable: relationship.table,
      isSelf: relationship.isSelf,
      cardinality:
        cardinality.kind === 'O2O'
          ? {
              kind: 'O2O',
              constraint: cardinality.constraint,
              columns: swap(cardinality.columns),
              isParent: true,
            }
          : { kind: 'O2M', constraint: cardinality.constraint, columns: swap(cardinality.columns) },
      foreignTableIsView:
        tables.get(key(relationship.table.schema, relationship.table.name))?.isView ?? false,
    }
  })

  const routines = new Map<string, Routine[]>()
  for (const row of (await db.query<RoutineRow>(ROUTINES_SQL)).rows) {
    const firstOptional = row.nargs - row.ndefaults
    const routine: Routine = {
      schema: row.schema,
      name: row.name,
      params: row.params.map((param, index) => ({
        name: param.name,
        type: param.type,
        required: index < firstOptional,
        variadic: param.variadic,
      })),
      returnsSet: row.returns_set,
      returnType: row.composite
        ? { composite: true, schema: row.type_schema, name: row.type_name }
        : { composite: false, type: row.type },
      volatility: row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile',
    }
    const name = key(row.schema, row.name)
    routines.set(name, [...(routines.get(name) ?? []), routine])
  }

  const mediaHandlers = (await db.query<MediaHandlerRow>(MEDIA_HANDLERS_SQL)).rows.map(
    (row): MediaHandlerEntry => ({
      handler: { schema: row.handler_schema, name: row.handler_name },
      target:
        row.target_schema === 'pg_catalog' && row.target_name === 'anyelement'
          ? 'any'
          : { schema: row.target_schema, name: row.target_name },
      mediaType: row.media_type,
      resolvedMediaType: row.resolved_media_type,
      baseType: row.base_type,
      isAggregate: row.is_aggregate,
    }),
  )

  const computed = (await db.query<ComputedRow>(COMPUTED_RELATIONSHIPS_SQL)).rows
  const representations = (await db.query<DataRepresentation>(REPRESENTATIONS_SQL)).rows.map((row) => ({
    source: row.source,
    target: row.target,
    function: row.function,
  }))
  return {
    tables,
    relationships: withComputedRelationships([...manyToOne, ...manyToMany, ...inverse], computed),
    routines,
    representations,
    mediaHandlers,
  }
}
