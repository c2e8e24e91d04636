/**
 * Every documented response of the supabase-js v2 reference is what the code returns: each
 * example with a data source runs, compiled as the page shows it, with the real client on the
 * REST engine (PostgREST 12.2) over a fresh copy of its data source; each auth and storage example
 * runs on the platform (GoTrue v2.157.1, storage-api v1.0.6) after its setup. Its result must
 * equal the documented Response. A mismatch fails naming the example and each difference.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createPlatformDb } from '@docs/pglite-platform'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import { loadClientLibSpec } from '../load-spec'
import type { ClientLibSpec } from '../schemas/client-library-spec'
import { describeDifference } from './example-result'
import { runnableExamples } from './examples.generated'
import {
  compiledParts,
  databaseExamplesOf,
  examplesModuleSource,
  GENERATED_FILE,
  platformExamplesOf,
  shownCode,
  SPEC_FILE,
} from './generate-examples'
import { runExample, type RunDatabases } from './run-example'

const spec: ClientLibSpec = await loadClientLibSpec(path.join(docsRoot(), SPEC_FILE))
const databaseExamples = databaseExamplesOf(spec)
const platformExamples = platformExamplesOf(spec)
const keys = Object.keys(runnableExamples)
const readme = readFileSync(path.join(docsRoot(), 'features/reference/run/README.md'), 'utf8')

describe('the compiled examples', () => {
  it(`are up to date with the spec (run npm run generate:reference-examples -w @docs/site)`, () => {
    const onDisk = readFileSync(path.join(docsRoot(), GENERATED_FILE), 'utf8')
    expect(onDisk === examplesModuleSource(spec)).toBe(true)
  })

  it('run the code the page shows, character for character', () => {
    const source = examplesModuleSource(spec)
    for (const { key, example, unavailable } of [...databaseExamples, ...platformExamples]) {
      if (unavailable || !keys.includes(key)) continue
      const { imports, body } = compiledParts(key, example)
      // Imports from supabase-js are hoisted to the module, as a module's imports are.
      const shown = imports.length > 0 ? `${imports.join('\n')}\n\n${body}` : body
      expect(shown, key).toBe(shownCode(example))
      expect(source, key).toMatch(
        new RegExp(`run: async \\(supabase, console[^\\n]*\\) => \\{\\n${escape(body)}\\n    \\},`),
      )
      for (const line of imports) expect(source, key).toContain(`\n${line}\n`)
    }
  })

  it('cover at least 95% of the database examples; the others say why', () => {
    const unavailable = databaseExamples.filter((entry) => entry.unavailable)
    const runnable = databaseExamples.filter((entry) => !entry.unavailable).map((entry) => entry.key)
    expect(keys.filter((key) => databaseExamples.some((entry) => entry.key === key))).toEqual(runnable)
    expect(runnable.length / databaseExamples.length).toBeGreaterThanOrEqual(0.95)
    for (const { key } of unavailable) expect(readme, `README lists ${key}`).toContain(`\`${key}\``)
  })

  it('run the auth and storage examples after their project setup; those that cannot run say why', () => {
    for (const { key, example, unavailable } of platformExamples) {
      if (unavailable) {
        expect(readme, `README lists ${key}`).toContain(`\`${key}\``)
        expect(example.platform, `${key} does not run, so it shows no project setup`).toBeUndefined()
      } else {
        expect(example.platform, `${key} runs or says why not`).toBeDefined()
        expect(keys, key).toContain(key)
      }
    }
    // 95 of the 112 run today (the README lists the others and why).
    const runnable = platformExamples.filter((entry) => !entry.unavailable)
    expect(runnable.length / platformExamples.length).toBeGreaterThanOrEqual(95 / 112)
  })
})

describe('every runnable example returns its documented response', () => {
  let data: PGlite | undefined
  let platform: PGlite | undefined
  const matching: string[] = []
  // As the page's worker keeps them: one database of each kind, one schema read per data source.
  const databases: RunDatabases = {
    data: async () => (data ??= await PGlite.create()),
    platform: async () => (platform ??= await createPlatformDb()),
    schemaCaches: new Map(),
    // bcrypt's cost 4, as GoTrue's own tests use: a hash takes a millisecond instead of tens. The
    // page keeps the default (10), as a project does.
    auth: { passwordHashCost: 4 },
  }

  beforeAll(async () => {
    await databases.data()
  }, 120_000)

  afterAll(async () => {
    const platformKeys = platformExamples.map((entry) => entry.key)
    console.log(
      `reference examples run: ${keys.length}, matching their documented response: ${matching.length}` +
        ` (auth and storage: ${keys.filter((key) => platformKeys.includes(key)).length} run, ` +
        `${matching.filter((key) => platformKeys.includes(key)).length} matching)`,
    )
    await data?.close()
    await platform?.close()
  })

  for (const key of keys) {
    it(
      key,
      async () => {
        const outcome = await runExample(runnableExamples[key]!, databases)
        expect(outcome.failure, `${key}: ${outcome.failure}`).toBeUndefined()
        const differences = outcome.differences.map(describeDifference)
        expect(differences, `${key} differs from its documented response`).toEqual([])
        matching.push(key)
      },
      30_000,
    )
  }

  it('starts each run from a fresh copy of the data source, so a delete runs twice alike', async () => {
    const example = runnableExamples['delete/return-rows']!
    const first = await runExample(example, databases)
    const second = await runExample(example, databases)
    expect(first.matches).toBe(true)
    expect(second.returned).toEqual(first.returned)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
