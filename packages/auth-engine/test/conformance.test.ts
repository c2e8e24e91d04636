/**
 * GoTrue v2.157.1 conformance: runs every case in test/conformance/*.yaml through the handler over
 * one platform database. The expected answers were written from GoTrue v2.157.1's source (each case
 * names its `source:`), never from this engine's output.
 *
 * Case format:
 *   - name: text
 *     source: file and function in supabase/auth at v2.157.1
 *     config: { ... }              (optional) handler options over the defaults below
 *     given: [ step, ... ]         (optional) requests made first; each must answer below 400, or
 *                                  the step's own `status`; a step `{ sql: ... }` runs SQL instead
 *     request: step                the request under test
 *     expect:
 *       status: 400
 *       headers: { Name: value }   each compared exactly (names case-insensitive); null = absent;
 *                                  a value starting with `$re:` is a regular expression
 *       body: <yaml>               the JSON answer, every key present and equal; a string value
 *                                  `$uuid`, `$jwt`, `$time`, `$token`, `$number`, `$string`, `$any`
 *                                  matches any value of that kind; `$re:<pattern>` a string it matches
 *       bodyText: text             the answer's text, exactly
 *
 * A step: { method, path, headers, body, auth, save }. `path` is below /auth/v1. `auth` sends
 * `Authorization: Bearer` with a saved value's name, or `anon` / `service_role` for the project's
 * keys. `save: { name: body.access_token }` keeps a value of the answer (dotted path into `body`,
 * `headers.<name>`, or `inbox.<field>` for the newest e-mail); `{{name}}` in a later path, header or
 * body string is replaced by it. E-mail addresses are unique per case, so cases share the database.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { createPlatformDb } from '@docs/pglite-platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { apiKey, createAuthHandler, type AuthEngineOptions, type AuthHandler } from '../src/index'

interface Step {
  /** A given step that runs SQL on the database (to age a code, say) instead of a request. */
  sql?: string
  /** The status a given step must answer, when it is not a success. */
  status?: number
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: unknown
  bodyText?: string
  auth?: string
  save?: Record<string, string>
}

interface Case {
  name: string
  source: string
  config?: AuthEngineOptions
  given?: Step[]
  request: Step & { path: string }
  expect: {
    status: number
    headers?: Record<string, string | null>
    body?: unknown
    bodyText?: string
  }
}

const here = dirname(fileURLToPath(import.meta.url))
const caseDir = join(here, 'conformance')
const files = readdirSync(caseDir)
  .filter((file) => file.endsWith('.yaml'))
  .sort()

let db: PGlite
const handlers = new Map<string, AuthHandler>()
const keys: Record<string, string> = {}

/** Tests hash with bcrypt's lowest cost, as GoTrue's own tests do. */
function handlerFor(config: AuthEngineOptions = {}): AuthHandler {
  const key = JSON.stringify(config)
  let handler = handlers.get(key)
  if (!handler) {
    handler = createAuthHandler(db, { passwordHashCost: 4, ...config })
    handlers.set(key, handler)
  }
  return handler
}

beforeAll(async () => {
  db = await createPlatformDb()
  keys['anon'] = await apiKey('anon')
  keys['service_role'] = await apiKey('service_role')
}, 120_000)

afterAll(() => db?.close())

function interpolate(value: unknown, saved: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!(name in saved)) throw new Error(`nothing saved as ${name}`)
      return String(saved[name])
    })
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, saved))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, saved)]))
  }
  return value
}

async function send(handler: AuthHandler, step: Step, saved: Record<string, unknown>) {
  const headers = new Headers(interpolate(step.headers ?? {}, saved) as Record<string, string>)
  if (step.auth) {
    const token = keys[step.auth] ?? saved[step.auth]
    if (typeof token !== 'string') throw new Error(`no token named ${step.auth}`)
    headers.set('Authorization', `Bearer ${token}`)
  }
  let body: string | undefined
  if (step.bodyText !== undefined) body = step.bodyText
  else if (step.body !== undefined) {
    body = JSON.stringify(interpolate(step.body, saved))
    if (!headers.has('content-type')) headers.set('Content-Type', 'application/json')
  }
  const path = interpolate(step.path ?? '/', saved) as string
  const response = await handler(
    new Request(`http://127.0.0.1:54321/auth/v1${path}`, { method: step.method ?? 'GET', headers, body }),
  )
  const text = await response.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  for (const [name, where] of Object.entries(step.save ?? {})) {
    const [root, ...rest] = where.split('.')
    let value: unknown =
      root === 'body'
        ? json
        : root === 'headers'
          ? { [rest[0]!]: response.headers.get(rest[0]!) }
          : handler.inbox.latest()
    for (const part of rest) value = (value as Record<string, unknown> | undefined)?.[part]
    saved[name] = value
  }
  return { response, text, json }
}

const markers: Record<string, (value: unknown) => boolean> = {
  $uuid: (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
  $jwt: (v) => typeof v === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(v),
  $time: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v),
  $token: (v) => typeof v === 'string' && /^[\w-]{10,}$/.test(v),
  $number: (v) => typeof v === 'number',
  $string: (v) => typeof v === 'string',
  $any: (v) => v !== undefined,
}

/** The expected shape with markers replaced by what they matched, so a deep equality shows the rest. */
function resolve(expected: unknown, actual: unknown): unknown {
  if (typeof expected === 'string' && expected in markers)
    return markers[expected]!(actual) ? actual : expected
  if (typeof expected === 'string' && expected.startsWith('$re:')) {
    return typeof actual === 'string' && new RegExp(expected.slice(4)).test(actual) ? actual : expected
  }
  if (Array.isArray(expected) && Array.isArray(actual))
    return expected.map((item, index) => resolve(item, actual[index]))
  if (
    expected &&
    typeof expected === 'object' &&
    actual &&
    typeof actual === 'object' &&
    !Array.isArray(actual)
  ) {
    return Object.fromEntries(
      Object.entries(expected).map(([key, item]) => [
        key,
        resolve(item, (actual as Record<string, unknown>)[key]),
      ]),
    )
  }
  return expected
}

for (const file of files) {
  const cases = parse(readFileSync(join(caseDir, file), 'utf8')) as Case[]
  describe(file.replace(/\.yaml$/, ''), () => {
    for (const testCase of cases) {
      it(testCase.name, async () => {
        const handler = handlerFor(testCase.config)
        const saved: Record<string, unknown> = {}
        for (const step of testCase.given ?? []) {
          if (step.sql !== undefined) {
            await db.query(interpolate(step.sql, saved) as string)
            continue
          }
          const { response, text } = await send(handler, step, saved)
          const context = `given ${step.method ?? 'GET'} ${step.path}: ${text}`
          if (step.status === undefined) expect(response.status, context).toBeLessThan(400)
          else expect(response.status, context).toBe(step.status)
        }
        const { response, text, json } = await send(handler, testCase.request, saved)
        const { expect: expected } = testCase
        expect({ status: response.status, body: json ?? text }).toMatchObject({ status: expected.status })
        for (const [name, value] of Object.entries(expected.headers ?? {})) {
          const actual = response.headers.get(name)
          if (typeof value === 'string' && value.startsWith('$re:')) {
            expect(actual, `header ${name}`).toMatch(new RegExp(String(interpolate(value.slice(4), saved))))
          } else {
            expect(actual, `header ${name}`).toBe(value === null ? null : String(interpolate(value, saved)))
          }
        }
        if (expected.bodyText !== undefined) expect(text).toBe(interpolate(expected.bodyText, saved))
        if (expected.body !== undefined) {
          const wanted = interpolate(expected.body, saved)
          expect(json).toEqual(resolve(wanted, json))
        }
      })
    }
  })
}
