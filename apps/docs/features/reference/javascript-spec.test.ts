/**
 * The content of the JavaScript reference (content/reference/javascript/v2 and v1): what the
 * pages must cover, and that every section is complete. Names and types are checked against the
 * real libraries in javascript-types.test.ts; the SQL of the examples runs on PGlite elsewhere.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadModule, parseSync } from 'libpg-query'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import { getLibrary } from './libraries'
import { loadReferenceFrom, type LoadedReference } from './load-reference'
import type { ClientFunction, FunctionExample, FunctionParam } from './schemas/client-library-spec'

const contentRoot = path.join(docsRoot(), 'content', 'reference')

let v2: LoadedReference
let v1: LoadedReference

beforeAll(async () => {
  ;[v2, v1] = await Promise.all([
    loadReferenceFrom(getLibrary('javascript-v2'), contentRoot),
    loadReferenceFrom(getLibrary('javascript-v1'), contentRoot),
  ])
  await loadModule()
})

function functionSections(reference: LoadedReference) {
  return reference.sections.flatMap((section) =>
    section.content.kind === 'function' ? [{ section, fn: section.content.fn }] : [],
  )
}

function countByKind(reference: LoadedReference): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const section of reference.sections) counts[section.kind] = (counts[section.kind] ?? 0) + 1
  return counts
}

/** Categories whose examples query the database, so they must carry their data. */
const DATABASE_CATEGORIES = ['Database', 'Filters', 'Modifiers']

/** What the reference must document: every function the product's issue lists, by section id. */
const REQUIRED_V2 = {
  client: ['initializing'],
  database: ['select', 'insert', 'update', 'upsert', 'delete', 'rpc'],
  filters: [
    'eq',
    'neq',
    'gt',
    'gte',
    'lt',
    'lte',
    'like',
    'ilike',
    'is',
    'in',
    'contains',
    'contained-by',
    'range-gt',
    'range-gte',
    'range-lt',
    'range-lte',
    'range-adjacent',
    'overlaps',
    'text-search',
    'match',
    'not',
    'or',
    'filter',
  ],
  modifiers: [
    'select-after-write',
    'order',
    'limit',
    'range',
    'abort-signal',
    'single',
    'maybe-single',
    'csv',
    'returns',
    'explain',
  ],
  auth: [
    'auth-sign-up',
    'auth-sign-in-with-password',
    'auth-sign-in-with-otp',
    'auth-sign-in-with-oauth',
    'auth-sign-in-with-id-token',
    'auth-sign-in-with-sso',
    'auth-sign-in-anonymously',
    'auth-sign-out',
    'auth-verify-otp',
    'auth-get-session',
    'auth-refresh-session',
    'auth-get-user',
    'auth-update-user',
    'auth-get-user-identities',
    'auth-link-identity',
    'auth-unlink-identity',
    'auth-reauthenticate',
    'auth-resend',
    'auth-set-session',
    'auth-exchange-code-for-session',
    'auth-on-auth-state-change',
    'auth-reset-password-for-email',
  ],
  mfa: [
    'mfa-enroll',
    'mfa-challenge',
    'mfa-verify',
    'mfa-challenge-and-verify',
    'mfa-unenroll',
    'mfa-list-factors',
    'mfa-get-authenticator-assurance-level',
  ],
  admin: [
    'admin-get-user-by-id',
    'admin-list-users',
    'admin-create-user',
    'admin-delete-user',
    'admin-invite-user-by-email',
    'admin-generate-link',
    'admin-update-user-by-id',
    'admin-mfa-list-factors',
    'admin-mfa-delete-factor',
  ],
  functions: ['functions-invoke'],
  realtime: [
    'realtime-channel',
    'realtime-on-postgres-changes',
    'realtime-on-broadcast',
    'realtime-on-presence',
    'realtime-subscribe',
    'realtime-remove-channel',
    'realtime-remove-all-channels',
    'realtime-get-channels',
  ],
  storage: [
    'storage-create-bucket',
    'storage-get-bucket',
    'storage-list-buckets',
    'storage-update-bucket',
    'storage-delete-bucket',
    'storage-empty-bucket',
    'storage-from-upload',
    'storage-from-download',
    'storage-from-list',
    'storage-from-update',
    'storage-from-move',
    'storage-from-copy',
    'storage-from-remove',
    'storage-from-create-signed-url',
    'storage-from-create-signed-urls',
    'storage-from-create-signed-upload-url',
    'storage-from-upload-to-signed-url',
    'storage-from-get-public-url',
  ],
}

const REQUIRED_V1 = [
  'initializing',
  'select',
  'insert',
  'auth-sign-in',
  'auth-session',
  'auth-user',
  'auth-sign-up',
  'auth-sign-out',
  'auth-update',
  'auth-on-auth-state-change',
  'realtime-on',
  'realtime-subscribe',
  'functions-invoke',
  'storage-from-upload',
]

/**
 * Parameters (and nested options) without a description. An object parameter may go without
 * one when its properties are listed, since they are what the reader needs.
 */
function undocumentedParams(params: FunctionParam[], prefix = ''): string[] {
  return params.flatMap((param) => [
    ...(param.description?.trim() || param.properties?.length ? [] : [`${prefix}${param.name}`]),
    ...undocumentedParams(param.properties ?? [], `${prefix}${param.name}.`),
  ])
}

interface SqlFacts {
  created: Set<string>
  filled: Set<string>
}

/** Tables that the SQL creates and inserts into, from the Postgres parser's tree. */
function sqlFacts(sql: string): SqlFacts {
  const created = new Set<string>()
  const filled = new Set<string>()
  for (const { stmt } of parseSync(sql).stmts ?? []) {
    if (!stmt) continue
    if ('CreateStmt' in stmt && stmt.CreateStmt.relation?.relname)
      created.add(stmt.CreateStmt.relation.relname)
    if ('InsertStmt' in stmt && stmt.InsertStmt.relation?.relname)
      filled.add(stmt.InsertStmt.relation.relname)
  }
  return { created, filled }
}

/** Problems with the data of one database example. */
function dataProblems(example: FunctionExample): string[] {
  const { data } = example
  if (!data?.sql) return ['no data.sql']
  if (!data.tables || data.tables.length === 0) return ['no data.tables']
  let facts: SqlFacts
  try {
    facts = sqlFacts(data.sql)
  } catch (error) {
    return [`data.sql does not parse: ${error instanceof Error ? error.message : String(error)}`]
  }
  return data.tables.flatMap((table) => [
    ...(facts.created.has(table.name) ? [] : [`data.sql does not create table ${table.name}`]),
    ...(table.rows.length > 0 && !facts.filled.has(table.name)
      ? [`data.sql does not fill table ${table.name}`]
      : []),
  ])
}

/** Site links inside Markdown: `](/reference/...)` and `](/guides/...)`. */
function siteLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/(?:reference|guides)\/[^)\s#]+)/g)].map((match) => match[1] ?? '')
}

function textOf(fn: ClientFunction): string {
  return [
    fn.description ?? '',
    fn.notes ?? '',
    ...fn.params.map((param) => param.description ?? ''),
    ...fn.examples.map((example) => example.description ?? ''),
  ].join('\n')
}

describe('supabase-js v2 reference', () => {
  it('has at least 100 sections, most of them functions', () => {
    const counts = countByKind(v2)
    expect(v2.sections.length).toBeGreaterThanOrEqual(100)
    expect(counts.function ?? 0).toBeGreaterThanOrEqual(100)
    expect(Object.keys(counts).sort()).toEqual(['function', 'markdown'])
  })

  it.each(Object.entries(REQUIRED_V2))('documents every %s function the product needs', (_, ids) => {
    const functionIds = new Set(functionSections(v2).map(({ section }) => section.id))
    expect(ids.filter((id) => !functionIds.has(id))).toEqual([])
  })

  it('gives every function a description, described parameters and examples', () => {
    const problems = functionSections(v2).flatMap(({ section, fn }) => [
      ...(fn.description?.trim() ? [] : [`${section.id}: no description`]),
      ...(fn.examples.length > 0 ? [] : [`${section.id}: no examples`]),
      ...undocumentedParams(fn.params).map((name) => `${section.id}: parameter ${name} has no description`),
    ])
    expect(problems).toEqual([])
  })

  it('carries the SQL that creates and fills the tables of every database example', () => {
    const database = functionSections(v2).filter(({ section }) =>
      DATABASE_CATEGORIES.includes(section.category),
    )
    expect(database.length).toBeGreaterThanOrEqual(40)
    const problems = database.flatMap(({ section, fn }) =>
      fn.examples.flatMap((example) =>
        dataProblems(example).map((problem) => `${section.id} › ${example.id}: ${problem}`),
      ),
    )
    expect(problems).toEqual([])
  })

  it('writes JSON responses as valid JSON', () => {
    const problems = functionSections(v2).flatMap(({ section, fn }) =>
      fn.examples.flatMap((example) => {
        const response = example.response?.trim()
        if (!response || !/^[[{"]/.test(response)) return []
        try {
          JSON.parse(response)
          return []
        } catch (error) {
          return [`${section.id} › ${example.id}: ${error instanceof Error ? error.message : String(error)}`]
        }
      }),
    )
    expect(problems).toEqual([])
  })

  it('documents the pitfalls the product promises', () => {
    const notes = (id: string) => {
      const fn = functionSections(v2).find(({ section }) => section.id === id)?.fn
      return fn ? textOf(fn) + fn.examples.map((example) => example.code).join('\n') : ''
    }
    expect(notes('auth-update-user')).toMatch(/same_password/)
    expect(notes('auth-update-user')).toMatch(/weak_password/)
    expect(notes('mfa-enroll')).toMatch(/mfa_factor_name_conflict/)
    expect(notes('admin-update-user-by-id')).toMatch(/banned_until/)
    expect(notes('auth-sign-in-with-oauth')).toMatch(/redirectTo/)
    const errors = v2.sections.find((section) => section.id === 'auth-error-codes')
    expect(errors?.content.kind === 'markdown' ? errors.content.source : '').toMatch(/error\.code/)
  })
})

describe('supabase-js v1 reference', () => {
  it('has at least 40 sections', () => {
    expect(v1.sections.length).toBeGreaterThanOrEqual(40)
    expect(countByKind(v1).function ?? 0).toBeGreaterThanOrEqual(40)
  })

  it('documents the v1 API', () => {
    const functionIds = new Set(functionSections(v1).map(({ section }) => section.id))
    expect(REQUIRED_V1.filter((id) => !functionIds.has(id))).toEqual([])
  })

  it('maps every function to its v2 counterpart: the same slug, or latest_id', () => {
    const v2Functions = new Map(functionSections(v2).map(({ section, fn }) => [fn.id, section.slug]))
    const problems: string[] = []
    const renamed: string[] = []
    for (const { section, fn } of functionSections(v1)) {
      if (fn.latest_id !== undefined) {
        if (fn.latest_id === fn.id) problems.push(`${section.id}: latest_id repeats its own id`)
        else if (!v2Functions.has(fn.latest_id))
          problems.push(`${section.id}: v2 has no function ${fn.latest_id}`)
        else renamed.push(`${fn.id} -> ${fn.latest_id}`)
      } else if (!v2.tree.bySlug.has(section.slug)) {
        problems.push(`${section.id}: v2 has no section "${section.slug}" and no latest_id is given`)
      }
    }
    expect(problems).toEqual([])
    // The renames the upgrade guide explains.
    expect(renamed).toEqual(
      expect.arrayContaining([
        'auth-sign-in -> auth-sign-in-with-password',
        'auth-session -> auth-get-session',
        'auth-user -> auth-get-user',
        'auth-update -> auth-update-user',
        'realtime-on -> realtime-on-postgres-changes',
        'realtime-remove-subscription -> realtime-remove-channel',
      ]),
    )
  })

  it('gives every function a description and examples', () => {
    const problems = functionSections(v1).flatMap(({ section, fn }) => [
      ...(fn.description?.trim() ? [] : [`${section.id}: no description`]),
      ...(fn.examples.length > 0 ? [] : [`${section.id}: no examples`]),
      ...undocumentedParams(fn.params).map((name) => `${section.id}: parameter ${name} has no description`),
    ])
    expect(problems).toEqual([])
  })

  it('carries the data of every database example', () => {
    const problems = functionSections(v1)
      .filter(({ section }) => DATABASE_CATEGORIES.includes(section.category))
      .flatMap(({ section, fn }) =>
        fn.examples.flatMap((example) =>
          dataProblems(example).map((problem) => `${section.id} › ${example.id}: ${problem}`),
        ),
      )
    expect(problems).toEqual([])
  })

  it('links to the upgrade guide from the top of the page', () => {
    expect(v1.description).toMatch(/\(\/guides\/getting-started\/upgrade-supabase-js-v1-to-v2\)/)
  })
})

describe('links inside the JavaScript reference', () => {
  it('point at sections and guides that exist', () => {
    const problems: string[] = []
    for (const reference of [v2, v1]) {
      const texts = [
        { where: 'info.description', text: reference.description ?? '' },
        ...reference.sections.map((section) => ({
          where: section.id,
          text:
            section.content.kind === 'markdown'
              ? section.content.source
              : section.content.kind === 'function'
                ? textOf(section.content.fn)
                : '',
        })),
      ]
      for (const { where, text } of texts) {
        for (const link of siteLinks(text)) {
          const reference = /^\/reference\/javascript(?:\/(v1))?(?:\/([^/]+))?$/.exec(link)
          if (reference) {
            const target = reference[1] ? v1 : v2
            if (reference[2] && !target.tree.bySlug.has(reference[2])) problems.push(`${where}: ${link}`)
          } else if (link.startsWith('/guides/')) {
            const file = path.join(docsRoot(), 'content', `${link}.mdx`)
            if (!existsSync(file)) problems.push(`${where}: ${link}`)
          } else {
            problems.push(`${where}: ${link} is not a JavaScript reference or guide link`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('the data check', () => {
  const example = (sql: string): FunctionExample => ({
    id: 'x',
    name: 'x',
    code: 'x',
    data: { sql, tables: [{ name: 'planets', columns: ['id'], rows: [[1]] }] },
  })

  it('accepts SQL that creates and fills the shown table', () => {
    expect(dataProblems(example('create table planets (id int8); insert into planets values (1);'))).toEqual(
      [],
    )
  })

  it('reports SQL that does not parse, or leaves a shown table empty or missing', () => {
    expect(dataProblems(example('create tabel planets (id int8);'))[0]).toMatch(/^data\.sql does not parse: /)
    expect(dataProblems(example('create table planets (id int8);'))).toEqual([
      'data.sql does not fill table planets',
    ])
    expect(dataProblems(example('create table moons (id int8); insert into moons values (1);'))).toEqual([
      'data.sql does not create table planets',
      'data.sql does not fill table planets',
    ])
  })
})
