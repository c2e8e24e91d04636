/**
 * PostgREST 12.2 conformance: runs every case in test/conformance/*.yaml through the handler
 * over a PGlite loaded with test/conformance/fixture.sql and each family's own `.sql` beside its YAML.
 *
 * The expected responses in the YAML files were written from PostgREST 12.2's source and
 * documentation (each case names its `source:`), never from this engine's output.
 *
 * Case format:
 *   - name: text                     the test title
 *     source: text                   where in PostgREST the behaviour was read
 *     unsure: text                   (optional) why the expectation may not be exact
 *     config: { ... }                (optional) handler options over the defaults below
 *     request:
 *       method: GET                  (default GET)
 *       path: /books?select=id       below /rest/v1, sent exactly as written
 *       headers: { Name: value }
 *       body: <yaml>                 serialised to JSON (Content-Type: application/json unless given)
 *       bodyText: text               sent as is
 *       jwt: { claim: value }        sent as `Authorization: Bearer <token>`, the claims signed
 *                                    (HS256) with the case's `config.jwt.secret`
 *     expect:
 *       status: 200
 *       statusText: text             (optional) the status line's reason phrase
 *       headers: { Name: value }     each compared exactly (names case-insensitive); null = must be absent
 *       body: <yaml>                 the response parsed as JSON, deep-equal (arrays in order)
 *       bodyText: text               the response text, exactly (CSV, empty bodies)
 *       bodyPattern: text            a regular expression the response text must match (an
 *                                    execution plan, whose numbers are the database's own)
 *       error: { code, message?, details?, hint? }   an error body: the listed keys exactly
 *     after:                         (optional) checked before the database is restored
 *       sql: select ...
 *       rows: [ ... ]
 *
 * Between cases the database is put back: cases run with transactionEnd 'rollback' unless their
 * config says otherwise, every sequence is reset to where it was before the case, and if any
 * table's contents still differ from the fixture they are reloaded from a snapshot (reported).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { createRestHandler } from '../src/index'
import { signJwt } from './sign-jwt'

type HandlerOptions = Parameters<typeof createRestHandler>[1]
type Handler = ReturnType<typeof createRestHandler>

interface CaseRequest {
  method?: string
  path: string
  headers?: Record<string, string | number>
  body?: unknown
  bodyText?: string
  jwt?: Record<string, unknown>
}

interface ExpectedError {
  code: string
  message?: string
  details?: string | null
  hint?: string | null
}

interface CaseExpect {
  status: number
  statusText?: string
  headers?: Record<string, string | number | null>
  body?: unknown
  bodyText?: string
  bodyPattern?: string
  error?: ExpectedError
}

interface Case {
  name: string
  source: string
  unsure?: string
  config?: Record<string, unknown>
  request: CaseRequest
  expect: CaseExpect
  after?: { sql: string; rows: unknown[] }
}

const here = dirname(fileURLToPath(import.meta.url))
const caseDir = join(here, 'conformance')
/**
 * The shared fixture, then each family's own (`16-computed.sql` beside `16-computed.yaml`), in
 * file order: a family adds the tables and functions its cases need without touching the others.
 */
const fixtureSql = [
  'fixture.sql',
  ...readdirSync(caseDir)
    .filter((f) => f.endsWith('.sql') && f !== 'fixture.sql')
    .sort(),
]
  .map((file) => readFileSync(join(caseDir, file), 'utf8'))
  .join('\n')

const defaultOptions = {
  schemas: ['public', 'other'],
  aggregatesEnabled: true,
  maxRows: undefined,
  transactionEnd: 'rollback',
}

/** Every table the fixtures make, read once they are loaded: writes are undone by reloading them. */
let fixtureTables: string[] = []
/** Tables a family's SQL analysed: a reload empties their statistics, so they are analysed again. */
let analysedTables: string[] = []

function loadCases(): { file: string; cases: Case[] }[] {
  const files = readdirSync(caseDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
  return files.map((file) => {
    const parsed: unknown = parse(readFileSync(join(caseDir, file), 'utf8'))
    if (!Array.isArray(parsed)) throw new Error(`${file}: expected a list of cases`)
    const cases = parsed as Case[]
    for (const c of cases) {
      if (
        !c ||
        typeof c.name !== 'string' ||
        !c.request ||
        !c.expect ||
        typeof c.expect.status !== 'number'
      ) {
        throw new Error(`${file}: malformed case ${JSON.stringify(c?.name ?? c)}`)
      }
    }
    return { file, cases }
  })
}

const suites = loadCases()
const seenNames = new Set<string>()
for (const { file, cases } of suites) {
  for (const c of cases) {
    const key = `${file}: ${c.name}`
    if (seenNames.has(key)) throw new Error(`duplicate case name ${key}`)
    seenNames.add(key)
  }
}

let db: PGlite
const handlers = new Map<string, Handler>()
let sequences: { qualified: string }[] = []
let snapshot = new Map<string, { hash: string; rows: string }>()
const restoredAfter: string[] = []
let total = 0
let passed = 0

function quoteQualified(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.')
}

async function tableState(table: string): Promise<{ hash: string; rows: string }> {
  const q = quoteQualified(table)
  const res = await db.query<{ hash: string | null; rows: string }>(
    `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash,
            coalesce(json_agg(t)::text, '[]') as rows
       from ${q} t`,
  )
  const row = res.rows[0]!
  return { hash: row.hash ?? '', rows: row.rows }
}

async function readSequences(): Promise<{ qualified: string; lastValue: string; isCalled: boolean }[]> {
  const out: { qualified: string; lastValue: string; isCalled: boolean }[] = []
  for (const { qualified } of sequences) {
    const res = await db.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified}`,
    )
    const row = res.rows[0]!
    out.push({ qualified, lastValue: row.last_value, isCalled: row.is_called })
  }
  return out
}

async function restoreSequences(saved: { qualified: string; lastValue: string; isCalled: boolean }[]) {
  for (const s of saved) {
    await db.query(`select setval($1::regclass, $2::bigint, $3)`, [s.qualified, s.lastValue, s.isCalled])
  }
}

/** Reload every fixture table from the snapshot if any of them changed; returns whether it did. */
async function restoreTablesIfChanged(): Promise<boolean> {
  let changed = false
  for (const table of fixtureTables) {
    const now = await tableState(table)
    if (now.hash !== snapshot.get(table)!.hash) {
      changed = true
      break
    }
  }
  if (!changed) return false
  // Replica mode skips foreign-key checks, so the tables reload in any order.
  await db.exec(`set session_replication_role = replica`)
  await db.exec(`truncate ${fixtureTables.map(quoteQualified).join(', ')}`)
  for (const table of fixtureTables) {
    const q = quoteQualified(table)
    await db.query(
      `insert into ${q} overriding system value select * from json_populate_recordset(null::${q}, $1::json)`,
      [snapshot.get(table)!.rows],
    )
  }
  await db.exec(`set session_replication_role = origin`)
  for (const table of analysedTables) await db.exec(`analyze ${quoteQualified(table)}`)
  return true
}

function handlerFor(config: Record<string, unknown> | undefined): Handler {
  const options = { ...defaultOptions, ...(config ?? {}) }
  const key = JSON.stringify(options)
  let h = handlers.get(key)
  if (!h) {
    h = createRestHandler(db, options as HandlerOptions)
    handlers.set(key, h)
  }
  return h
}

function buildRequest(r: CaseRequest, config: Record<string, unknown> | undefined): Request {
  const method = (r.method ?? 'GET').toUpperCase()
  const headers = new Headers()
  if (r.jwt) {
    const secret = (config?.['jwt'] as { secret?: string } | undefined)?.secret
    if (secret === undefined) throw new Error('a request with jwt needs config.jwt.secret')
    headers.set('authorization', `Bearer ${signJwt(r.jwt, secret)}`)
  }
  for (const [k, v] of Object.entries(r.headers ?? {})) headers.set(k, String(v))
  let body: string | undefined
  if (r.bodyText !== undefined) {
    body = r.bodyText
  } else if (r.body !== undefined) {
    body = JSON.stringify(r.body)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  return new Request(`http://localhost/rest/v1${r.path}`, { method, headers, body })
}

function describeResponse(status: number, headers: Headers, text: string): string {
  const hs = [...headers.entries()].map(([k, v]) => `${k}: ${v}`).join('; ')
  return `${status} [${hs}] ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`
}

async function runCase(c: Case): Promise<void> {
  const handle = handlerFor(c.config)
  // Reads cannot change data (the engine runs them read-only; afterAll checks it once for all
  // cases), so only the other methods pay for restoring the fixture.
  const method = (c.request.method ?? 'GET').toUpperCase()
  if (method === 'GET' || method === 'HEAD') return checkResponse(c, handle)
  const savedSequences = await readSequences()
  let failure: unknown
  try {
    await checkResponse(c, handle)
  } catch (e) {
    failure = e
  } finally {
    await restoreSequences(savedSequences)
    if (await restoreTablesIfChanged()) restoredAfter.push(c.name)
  }
  if (failure) throw failure
}

async function checkResponse(c: Case, handle: Handler): Promise<void> {
  const response = await handle(buildRequest(c.request, c.config))
  const text = await response.text()
  const seen = describeResponse(response.status, response.headers, text)

  expect(response.status, `status (response: ${seen})`).toBe(c.expect.status)
  if (c.expect.statusText !== undefined) {
    expect(response.statusText, `status text (response: ${seen})`).toBe(c.expect.statusText)
  }

  for (const [name, value] of Object.entries(c.expect.headers ?? {})) {
    const actual = response.headers.get(name)
    if (value === null) {
      expect(actual, `header ${name} must be absent (response: ${seen})`).toBeNull()
    } else {
      expect(actual, `header ${name} (response: ${seen})`).toBe(String(value))
    }
  }

  if (c.expect.bodyText !== undefined) {
    expect(text, `body text (response: ${seen})`).toBe(c.expect.bodyText)
  }
  if (c.expect.bodyPattern !== undefined) {
    expect(text, `body pattern (response: ${seen})`).toMatch(new RegExp(c.expect.bodyPattern))
  }
  if (c.expect.body !== undefined || c.expect.error !== undefined) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new Error(`body is not JSON (response: ${seen})`)
    }
    if (c.expect.body !== undefined) {
      expect(json, `body (response: ${seen})`).toEqual(c.expect.body)
    }
    if (c.expect.error !== undefined) {
      const err = json as Record<string, unknown>
      expect(typeof err, `error body (response: ${seen})`).toBe('object')
      for (const [k, v] of Object.entries(c.expect.error)) {
        expect(err[k], `error ${k} (response: ${seen})`).toEqual(v)
      }
    }
  }

  if (c.after) {
    const res = await db.query(c.after.sql)
    expect(res.rows, `state after the request: ${c.after.sql}`).toEqual(c.after.rows)
  }
}

beforeAll(async () => {
  db = await PGlite.create()
  await db.exec(fixtureSql)
  const seqs = await db.query<{ schemaname: string; sequencename: string }>(
    `select schemaname, sequencename from pg_sequences order by schemaname, sequencename`,
  )
  sequences = seqs.rows.map((s) => ({ qualified: quoteQualified(`${s.schemaname}.${s.sequencename}`) }))
  const tables = await db.query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  )
  fixtureTables = tables.rows.map((row) => row.name)
  const analysed = await db.query<{ name: string }>(
    `select schemaname || '.' || relname as name from pg_stat_user_tables where last_analyze is not null`,
  )
  analysedTables = analysed.rows.map((row) => row.name)
  snapshot = new Map()
  for (const table of fixtureTables) snapshot.set(table, await tableState(table))
}, 60_000)

afterAll(async () => {
  // No read changed the data: every table is as the fixture left it after the last write's restore.
  const reloaded = await restoreTablesIfChanged()
  if (reloaded) throw new Error('a GET or HEAD case changed the fixture data')
  if (restoredAfter.length > 0) {
    console.log(
      `conformance: tables reloaded after ${restoredAfter.length} case(s) that left data changed: ${restoredAfter.join(' | ')}`,
    )
  }
  console.log(`conformance: ${total} cases, ${passed} passed`)
})

for (const { file, cases } of suites) {
  describe(file, () => {
    for (const c of cases) {
      it(c.name, async () => {
        total++
        await runCase(c)
        passed++
      })
    }
  })
}
