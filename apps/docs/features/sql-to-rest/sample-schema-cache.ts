/**
 * The REST engine's schema cache of the sample shop, written out: what `readSchemaCache` reads from
 * a database loaded with `sampleSchemaSql`. It lets the page show the SQL a request means
 * (`statementFor`) without starting PGlite. `sample-schema-cache.test.ts` reads the real one and
 * fails when the sample schema changes and this copy does not.
 */
import type { SchemaCache } from '@docs/rest-engine'

type Table = SchemaCache['tables'] extends Map<string, infer T> ? T : never
type Routine = SchemaCache['routines'] extends Map<string, (infer R)[]> ? R : never

const tables: Table[] = [
  {
    schema: 'public',
    name: 'categories',
    isView: false,
    columns: [
      { name: 'id', type: 'bigint', default: "nextval('public.categories_id_seq')" },
      { name: 'name', type: 'text' },
    ],
    primaryKey: ['id'],
  },
  {
    schema: 'public',
    name: 'products',
    isView: false,
    columns: [
      { name: 'id', type: 'bigint', default: "nextval('public.products_id_seq')" },
      { name: 'name', type: 'text' },
      { name: 'price', type: 'numeric' },
      { name: 'image', type: 'text' },
      { name: 'category_id', type: 'bigint' },
    ],
    primaryKey: ['id'],
  },
]

const relationships: SchemaCache['relationships'] = [
  {
    table: { schema: 'public', name: 'products' },
    foreignTable: { schema: 'public', name: 'categories' },
    isSelf: false,
    cardinality: { kind: 'M2O', constraint: 'products_category_id_fkey', columns: [['category_id', 'id']] },
    foreignTableIsView: false,
  },
  {
    table: { schema: 'public', name: 'categories' },
    foreignTable: { schema: 'public', name: 'products' },
    isSelf: false,
    cardinality: { kind: 'O2M', constraint: 'products_category_id_fkey', columns: [['id', 'category_id']] },
    foreignTableIsView: false,
  },
]

const routines: Routine[] = [
  {
    schema: 'public',
    name: 'search_products',
    params: [{ name: 'term', type: 'text', required: true, variadic: false }],
    returnsSet: true,
    returnType: { composite: true, schema: 'public', name: 'products' },
    volatility: 'stable',
  },
]

export const sampleSchemaCache: SchemaCache = {
  tables: new Map(tables.map((table) => [`${table.schema}.${table.name}`, table])),
  relationships,
  routines: new Map(routines.map((routine) => [`${routine.schema}.${routine.name}`, [routine]])),
  representations: [],
  // The sample declares no media type handlers (domains named like `text/html`).
  mediaHandlers: [],
}
