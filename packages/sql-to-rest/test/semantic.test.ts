/**
 * The semantic check: every golden case that translates runs twice on PGlite with the library
 * data, once as the original SQL and once as the SQL its REST request compiles to, and both must
 * return the same rows (a join compared with its embedded form once unnested). Writes run in a
 * rolled-back transaction and must also leave their table in the same state.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareRows } from '../src/execute/compare'
import { runBothSides, runRequest } from '../src/execute/run-both'
import { runSql } from '../src/execute/run'
import { initTranslator, translate } from '../src/index'
import { LIBRARY_SCHEMAS, restEngine } from './support/rest-engine'
import { loadGoldenFiles } from './support/golden-cases'
import { LIBRARY_SQL } from './support/library-database'

// Golden cases written to show a translation, not to run: their SQL names columns no table has.
const NOT_RUNNABLE: Record<string, string> = {
  'filters-logic.yaml: three levels of nesting': 'books has no columns a to e',
  'joins.yaml: join using a column': 'authors has no author_id column',
  'select-basics.yaml: json array index': 'tags is a text array, not JSON',
  'filters-special.yaml: range strictly left': 'during is an integer range, the case compares dates',
  'filters-special.yaml: range strictly right': 'during is an integer range, the case compares dates',
}

// A filter on a LEFT JOINed table trims the embedded rows only: these differ, as their warning says.
const DIFFER_AS_WARNED = ['joins.yaml: filter on a left-joined table warns']

let db: PGlite
let rest: ReturnType<typeof restEngine>
const checked: string[] = []

beforeAll(async () => {
  await initTranslator()
  db = new PGlite()
  await db.exec(LIBRARY_SQL)
  rest = restEngine(db, LIBRARY_SCHEMAS)
}, 60_000)

afterAll(async () => {
  console.info(`semantic check: ${checked.length} golden cases ran on both sides with the same rows`)
  await db.close()
})

const cases = loadGoldenFiles().flatMap(({ file, cases }) =>
  cases
    .filter((entry) => entry.model !== undefined)
    .map((entry) => ({ name: `${file}: ${entry.name}`, sql: entry.sql })),
)

describe('golden cases return the same rows as SQL and as REST', () => {
  it('covers every translating case but a named few', () => {
    expect(cases.length).toBeGreaterThan(200)
    expect(Object.keys(NOT_RUNNABLE).every((name) => cases.some((entry) => entry.name === name))).toBe(true)
  })

  for (const { name, sql } of cases) {
    it(name, async () => {
      const result = translate(sql)
      if (!result.ok) throw new Error(result.error.message)
      const operation = result.request.operation
      const isWrite =
        operation.kind === 'insert' || operation.kind === 'update' || operation.kind === 'delete'
      const returnsRows = !isWrite || operation.returning !== undefined
      const relation = operation.relation
      const table = isWrite
        ? [relation.schema, relation.name]
            .filter((part) => part !== undefined)
            .map((part) => `"${part}"`)
            .join('.')
        : undefined
      const original = await runSql(db, sql, { returnsRows, ...(table ? { table } : {}) })
      if (name in NOT_RUNNABLE) {
        expect(original.ok, 'listed as not runnable, but the SQL runs').toBe(false)
        return
      }
      if (!original.ok) throw new Error(`the SQL does not run: ${original.message}`)

      const answer = await runRequest(db, rest, result.request)
      if (!answer.ok) throw new Error(`the request fails: ${answer.message}`)
      if (answer.error) throw new Error(`PostgREST 12.2 refuses the request: ${JSON.stringify(answer.error)}`)

      if (operation.kind === 'select' && operation.countOnly) {
        expect(answer.body).toBe('')
        expect(original.rows).toHaveLength(1)
        const range = answer.headers.find(([header]) => header === 'content-range')?.[1]
        expect(range?.split('/')[1]).toBe(String(original.rows[0]![0]![1]))
      } else {
        const ordered =
          (operation.kind === 'select' || operation.kind === 'rpc') && operation.order.length > 0
        const comparison = compareRows(original.rows, answer.rows, { ordered })
        if (DIFFER_AS_WARNED.includes(name)) {
          expect(result.warnings.map((warning) => warning.code)).toContain('left-join-filter')
          expect(comparison.verdict).toBe('differs')
          expect(comparison.restCount).toBeGreaterThan(comparison.sqlCount)
          return
        }
        expect(comparison).toMatchObject({ onlyInSql: [], onlyInRest: [] })
        expect(comparison.verdict).toBe('same')
        // A JSON client keeps one value per key: no column may be lost to another of the same name,
        // unless a warning says so.
        const warned = result.warnings.some((warning) => warning.code === 'spread-star-collision')
        if (answer.body.startsWith('[') && !warned) {
          const parsed = JSON.parse(answer.body) as Record<string, unknown>[]
          parsed.forEach((row, index) =>
            expect(Object.keys(row).length, 'a JSON key repeats').toBe(answer.rows[index]!.length),
          )
        }
      }
      // The header-only count offered beside a lone count(*) gives the same number.
      for (const note of result.notes) {
        if (!note.alternative) continue
        const both = await runBothSides(db, rest, note.alternative, sql)
        expect(both.rest.ok && both.rest.body).toBe('')
        expect(both.countMatches, note.code).toBe(true)
      }
      if (isWrite) expect(answer.tableAfter).toBe(original.tableAfter)
      checked.push(name)
    })
  }
})
