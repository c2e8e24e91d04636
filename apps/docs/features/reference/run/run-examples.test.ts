/**
 * Every documented response of the supabase-js v2 reference is what the code returns: each
 * example with a data source runs, compiled as the page shows it, with the real client on the
 * REST engine (PostgREST 12.2) over a fresh copy of its data source, and its result must equal the
 * documented Response. A mismatch fails naming the example and each difference.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import { loadClientLibSpec } from '../load-spec'
import type { ClientLibSpec } from '../schemas/client-library-spec'
import { describeDifference } from './example-result'
import { runnableExamples } from './examples.generated'
import {
  databaseExamplesOf,
  examplesModuleSource,
  GENERATED_FILE,
  shownCode,
  SPEC_FILE,
} from './generate-examples'
import { runExample, type SchemaCaches } from './run-example'

const spec: ClientLibSpec = await loadClientLibSpec(path.join(docsRoot(), SPEC_FILE))
const databaseExamples = databaseExamplesOf(spec)
const keys = Object.keys(runnableExamples)

describe('the compiled examples', () => {
  it(`are up to date with the spec (run npm run generate:reference-examples -w @docs/site)`, () => {
    const onDisk = readFileSync(path.join(docsRoot(), GENERATED_FILE), 'utf8')
    expect(onDisk === examplesModuleSource(spec)).toBe(true)
  })

  it('run the code the page shows, character for character', () => {
    const source = examplesModuleSource(spec)
    for (const { key, example, unavailable } of databaseExamples) {
      if (unavailable) continue
      expect(source, key).toContain(`run: async (supabase, console) => {\n${shownCode(example)}\n    },`)
    }
  })

  it('cover at least 95% of the database examples; the others say why', () => {
    const unavailable = databaseExamples.filter((entry) => entry.unavailable)
    expect(keys).toEqual(databaseExamples.filter((entry) => !entry.unavailable).map((entry) => entry.key))
    expect(keys.length / databaseExamples.length).toBeGreaterThanOrEqual(0.95)
    const readme = readFileSync(path.join(docsRoot(), 'features/reference/run/README.md'), 'utf8')
    for (const { key } of unavailable) expect(readme, `README lists ${key}`).toContain(`\`${key}\``)
  })
})

describe('every runnable example returns its documented response', () => {
  let db: PGlite
  const matching: string[] = []
  // As the page's worker keeps them: one read per data source.
  const schemaCaches: SchemaCaches = new Map()

  beforeAll(async () => {
    db = await PGlite.create()
  }, 120_000)

  afterAll(async () => {
    console.log(
      `reference examples run: ${keys.length}, matching their documented response: ${matching.length}`,
    )
    await db.close()
  })

  for (const key of keys) {
    it(key, async () => {
      const outcome = await runExample(db, runnableExamples[key]!, schemaCaches)
      expect(outcome.failure, `${key}: ${outcome.failure}`).toBeUndefined()
      const differences = outcome.differences.map(describeDifference)
      expect(differences, `${key} differs from its documented response`).toEqual([])
      matching.push(key)
    })
  }

  it('starts each run from a fresh copy of the data source, so a delete runs twice alike', async () => {
    const example = runnableExamples['delete/return-rows']!
    const first = await runExample(db, example, schemaCaches)
    const second = await runExample(db, example, schemaCaches)
    expect(first.matches).toBe(true)
    expect(second.returned).toEqual(first.returned)
  })
})
