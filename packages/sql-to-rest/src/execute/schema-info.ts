/**
 * What the compiler must know about the database to resolve a request the way PostgREST does:
 * the columns of each relation (to expand `*`), primary keys (upserts without `on_conflict`) and
 * foreign keys (which embeds are to-one and which to-many). Read once from the catalog.
 */
export interface ForeignKey {
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export interface SchemaInfo {
  /** `schema.table` to its column names in order (tables, views and set-returning functions' row types). */
  columns: Record<string, string[]>
  primaryKeys: Record<string, string[]>
  foreignKeys: ForeignKey[]
  /** `schema.name` of each function to its parameters and whether it returns one plain value. */
  functions: Record<string, FunctionInfo>
}

export interface FunctionInfo {
  args: { name: string; type: string }[]
  returnsScalar: boolean
}

/** The smallest part of a Postgres client the runner needs: PGlite and node-postgres both fit. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
}

const COLUMNS_SQL = `
select n.nspname as schema, c.relname as name, json_agg(a.attname order by a.attnum) as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.relkind in ('r', 'v', 'm', 'p', 'f')
  and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
group by n.nspname, c.relname`

const KEYS_SQL = `
select con.conname as name, con.contype as type,
  n.nspname as schema, c.relname as "table",
  (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
  rn.nspname as ref_schema, rc.relname as ref_table,
  (select json_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(n, i)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as ref_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class rc on rc.oid = con.confrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype in ('p', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
order by con.conname`

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name,
  coalesce((select json_agg(json_build_object(
      'name', coalesce(p.proargnames[k.i], ''), 'type', format_type(k.t, null)) order by k.i)
    from unnest(p.proargtypes::oid[]) with ordinality k(t, i)), '[]') as args,
  not p.proretset and t.typtype <> 'c' and t.oid <> 'record'::regtype as returns_scalar
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind = 'f'`

interface KeyRow {
  name: string
  type: 'p' | 'f'
  schema: string
  table: string
  columns: string[]
  ref_schema: string | null
  ref_table: string | null
  ref_columns: string[] | null
}

export async function readSchemaInfo(db: SqlClient): Promise<SchemaInfo> {
  const columns: SchemaInfo['columns'] = {}
  const relations = await db.query<{ schema: string; name: string; columns: string[] }>(COLUMNS_SQL)
  for (const row of relations.rows) columns[`${row.schema}.${row.name}`] = row.columns
  const primaryKeys: SchemaInfo['primaryKeys'] = {}
  const foreignKeys: ForeignKey[] = []
  const keys = await db.query<KeyRow>(KEYS_SQL)
  for (const key of keys.rows) {
    if (key.type === 'p') primaryKeys[`${key.schema}.${key.table}`] = key.columns
    else {
      foreignKeys.push({
        name: key.name,
        schema: key.schema,
        table: key.table,
        columns: key.columns,
        refSchema: key.ref_schema ?? key.schema,
        refTable: key.ref_table ?? '',
        refColumns: key.ref_columns ?? [],
      })
    }
  }
  const functions: SchemaInfo['functions'] = {}
  const procedures = await db.query<{
    schema: string
    name: string
    args: FunctionInfo['args']
    returns_scalar: boolean
  }>(FUNCTIONS_SQL)
  for (const row of procedures.rows) {
    functions[`${row.schema}.${row.name}`] = { args: row.args, returnsScalar: row.returns_scalar }
  }
  return { columns, primaryKeys, foreignKeys, functions }
}
