/**
 * storage-api v1.0.6 conformance: runs every case in test/conformance/*.yaml through the handler
 * over a platform database loaded with test/conformance/fixture.sql and the files below.
 *
 * The expected responses were written from storage-api v1.0.6's source (each case names the file
 * in `source:`), never from this engine's output.
 *
 * Case format:
 *   - name: text
 *     source: text                   where in storage-api the behaviour was read
 *     unsure: text                   (optional) why the expectation may not be exact
 *     config: { fileSizeLimit: 5 }   (optional) handler options over the defaults
 *     setupSql: insert ...           (optional) run first as the database owner
 *     setup: [ request, ... ]        (optional) requests run next; each must answer 2xx
 *     request:
 *       method: GET                  (default GET)
 *       path: /bucket/x              below /storage/v1
 *       auth: service                service | anon | user | other | none (default service)
 *       headers: { Name: value }
 *       body: <yaml>                 sent as JSON
 *       bodyText: text               sent as is (Content-Type: text/plain unless given)
 *     expect:
 *       status: 200
 *       headers: { Name: value }     each compared exactly; null = must be absent
 *       body: <yaml>                 the JSON body, deep-equal
 *       bodyText: text               the body text, exactly
 *     after: { sql: select ..., rows: [ ... ] }   (optional) checked as the database owner
 *
 * Strings in requests may hold `$USER_ID`, `$OTHER_ID`, `$TOKEN(bucket/path)` (a signed-URL token),
 * `$UPLOAD_TOKEN(bucket/path)` and `$EXPIRED_TOKEN(bucket/path)`. In expectations, `<uuid>`,
 * `<timestamp>` and `<re:...>` match any value of that form.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { createPlatformDb } from '@docs/pglite-platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { createStorageHandler, MemoryObjectStore, signJwt, type StorageHandlerOptions } from '../src/index'
import { md5Hex } from '../src/md5'

interface CaseRequest {
  method?: string
  path: string
  auth?: 'service' | 'anon' | 'user' | 'other' | 'none'
  headers?: Record<string, string | number>
  body?: unknown
  bodyText?: string
}

interface Case {
  name: string
  source: string
  unsure?: string
  config?: Partial<StorageHandlerOptions>
  setupSql?: string
  setup?: CaseRequest[]
  request: CaseRequest
  expect: {
    status: number
    headers?: Record<string, string | number | null>
    body?: unknown
    bodyText?: string
  }
  after?: { sql: string; rows: unknown[] }
}

const here = dirname(fileURLToPath(import.meta.url))
const caseDir = join(here, 'conformance')
const fixtureSql = readFileSync(join(caseDir, 'fixture.sql'), 'utf8')

const secret = 'conformance-secret-of-at-least-thirty-two-characters'
const USER_ID = '8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e'
const OTHER_ID = '0c4a1f4b-3a5b-4d3e-9f6a-2b7f1c9e8d01'

/** Files the fixture's object rows point at (version `v1`), as an upload would have stored them. */
const fixtureFiles = [
  { bucket: 'private-b', name: 'a.txt', body: 'hello world', type: 'text/plain', owner: null },
  { bucket: 'private-b', name: 'docs/readme.md', body: '# readme', type: 'text/markdown', owner: null },
  { bucket: 'private-b', name: 'docs/guide/intro.md', body: 'intro', type: 'text/markdown', owner: null },
  { bucket: 'private-b', name: 'page.html', body: '<p>hi</p>', type: 'text/html', owner: null },
  { bucket: 'public-b', name: 'pub.txt', body: 'public text', type: 'text/plain', owner: null },
  { bucket: 'avatars', name: `${USER_ID}/me.png`, body: 'png', type: 'image/png', owner: USER_ID },
]
const fixtureDate = new Date('2024-05-01T10:00:00.000Z')

function loadCases(): { file: string; cases: Case[] }[] {
  return readdirSync(caseDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const cases = parse(readFileSync(join(caseDir, file), 'utf8')) as Case[]
      for (const c of cases) {
        if (!c?.name || !c.source || !c.request?.path || typeof c.expect?.status !== 'number') {
          throw new Error(`${file}: malformed case ${JSON.stringify(c?.name ?? c)}`)
        }
      }
      return { file, cases }
    })
}

const suites = loadCases()
let db: PGlite
let store: MemoryObjectStore
const keys: Record<string, string> = {}
let total = 0
let passed = 0

async function reset(): Promise<void> {
  await db.exec('delete from storage.objects; delete from storage.buckets;')
  await db.exec(fixtureSql)
  store.files.clear()
  for (const file of fixtureFiles) {
    const body = new TextEncoder().encode(file.body)
    store.put(`${file.bucket}/${file.name}/v1`, {
      body,
      contentType: file.type,
      cacheControl: 'max-age=3600',
      lastModified: fixtureDate,
    })
    const metadata = {
      eTag: `"${md5Hex(body)}"`,
      size: body.length,
      mimetype: file.type,
      cacheControl: 'max-age=3600',
      lastModified: fixtureDate.toISOString(),
      contentLength: body.length,
      httpStatusCode: 200,
    }
    await db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, created_at, updated_at, last_accessed_at)
       values ($1, $2, $3, $4, 'v1', $5, $6, $6, $6)`,
      [file.bucket, file.name, file.owner, file.owner, metadata, fixtureDate],
    )
  }
}

async function substitute(value: unknown): Promise<unknown> {
  if (typeof value === 'string') {
    let out = value.replaceAll('$USER_ID', USER_ID).replaceAll('$OTHER_ID', OTHER_ID)
    for (const [pattern, make] of [
      [/\$TOKEN\(([^)]*)\)/, (url: string) => signJwt({ url }, secret, 60)],
      [/\$UPLOAD_TOKEN\(([^)]*)\)/, (url: string) => signJwt({ url }, secret, 60)],
      [/\$EXPIRED_TOKEN\(([^)]*)\)/, (url: string) => signJwt({ url, exp: 1_000_000 }, secret)],
    ] as const) {
      let match: RegExpExecArray | null
      while ((match = pattern.exec(out))) out = out.replace(match[0], await make(match[1]!))
    }
    return out
  }
  if (Array.isArray(value)) return Promise.all(value.map(substitute))
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([k, v]) => [k, await substitute(v)] as const),
    )
    return Object.fromEntries(entries)
  }
  return value
}

async function send(handler: (r: Request) => Promise<Response>, raw: CaseRequest): Promise<Response> {
  const req = (await substitute(raw)) as CaseRequest
  const headers = new Headers()
  const auth = req.auth ?? 'service'
  if (auth !== 'none') headers.set('authorization', `Bearer ${keys[auth]}`)
  let body: string | undefined
  if (req.body !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(req.body)
  } else if (req.bodyText !== undefined) {
    headers.set('content-type', 'text/plain')
    body = req.bodyText
  }
  for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, String(value))
  return handler(
    new Request(`http://localhost/storage/v1${req.path}`, { method: req.method ?? 'GET', headers, body }),
  )
}

/** Replaces the placeholders of `expected` where `actual` has a value of that form. */
function resolvePlaceholders(expected: unknown, actual: unknown): unknown {
  if (typeof expected === 'string') {
    if (expected === '<uuid>' && typeof actual === 'string' && /^[0-9a-f-]{36}$/.test(actual)) return actual
    if (expected === '<timestamp>' && typeof actual === 'string' && !Number.isNaN(Date.parse(actual)))
      return actual
    const re = /^<re:(.*)>$/s.exec(expected)
    if (re && typeof actual === 'string' && new RegExp(re[1]!).test(actual)) return actual
    return expected
  }
  if (Array.isArray(expected)) {
    return expected.map((item, i) => resolvePlaceholders(item, Array.isArray(actual) ? actual[i] : undefined))
  }
  if (expected && typeof expected === 'object') {
    const other = (actual && typeof actual === 'object' ? actual : {}) as Record<string, unknown>
    return Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, resolvePlaceholders(v, other[k])]))
  }
  return expected
}

beforeAll(async () => {
  db = await createPlatformDb()
  store = new MemoryObjectStore()
  keys.service = await signJwt({ iss: 'supabase-demo', role: 'service_role' }, secret)
  keys.anon = await signJwt({ iss: 'supabase-demo', role: 'anon' }, secret)
  keys.user = await signJwt({ sub: USER_ID, role: 'authenticated', aud: 'authenticated' }, secret, 3600)
  keys.other = await signJwt({ sub: OTHER_ID, role: 'authenticated', aud: 'authenticated' }, secret, 3600)
}, 120_000)

afterAll(async () => {
  console.log(`conformance: ${total} cases, ${passed} passed`)
  await db?.close()
})

for (const { file, cases } of suites) {
  describe(file, () => {
    for (const c of cases) {
      it(c.name, async () => {
        total++
        await reset()
        const handler = createStorageHandler(db, { jwtSecret: secret, store, ...c.config })
        if (c.setupSql) await db.exec(c.setupSql)
        for (const step of c.setup ?? []) {
          const response = await send(handler, step)
          expect(response.status, `setup ${step.path}: ${await response.clone().text()}`).toBeLessThan(300)
        }
        const response = await send(handler, c.request)
        const text = await response.text()
        const context = `${c.source}\n${text}`
        expect(response.status, context).toBe(c.expect.status)
        for (const [name, value] of Object.entries(c.expect.headers ?? {})) {
          const actual = response.headers.get(name)
          if (value === null) expect(actual, `${name} must be absent`).toBeNull()
          else expect(actual, name).toBe(resolvePlaceholders(String(value), actual))
        }
        if (c.expect.bodyText !== undefined) expect(text, context).toBe(c.expect.bodyText)
        if (c.expect.body !== undefined) {
          const actual: unknown = JSON.parse(text)
          expect(actual, context).toEqual(resolvePlaceholders(c.expect.body, actual))
        }
        if (c.after) {
          const { rows } = await db.query(c.after.sql)
          expect(JSON.parse(JSON.stringify(rows)), c.after.sql).toEqual(c.after.rows)
        }
        passed++
      })
    }
  })
}
