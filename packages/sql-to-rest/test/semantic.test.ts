/**
 * The semantic check: every golden case that translates runs twice on PGlite with the library
 * data, once as the original SQL and once as the SQL its REST request compiles to, and both must
 * return the same rows (a join compared with its embedded form once unnested). Writes run in a
 * rolled-back transaction and must also leave their table in the same state.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareRows } from '../src/execute/compare'
import { runBothSides } from '../src/execute/run-both'
import { compileRequest, relationSql } from '../src/execute/compile'
import { runCompiled, runSql } from '../src/execute/run'
import { readSchemaInfo, type SchemaInfo } from '../src/execute/schema-info'
import { initTranslator, translate } from '../src/index'
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
let schema: SchemaInfo
const checked: string[] = []

beforeAll(async () => {
  await initTranslator()
  db = new PGlite()
  await db.exec(LIBRARY_SQL)
  schema = await readSchemaInfo(db)
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
      const table = isWrite ? relationSql(operation.relation) : undefined
      const original = await runSql(db, sql, { returnsRows, ...(table ? { table } : {}) })
      if (name in NOT_RUNNABLE) {
        expect(original.ok, 'listed as not runnable, but the SQL runs').toBe(false)
        return
      }
      if (!original.ok) throw new Error(`the SQL does not run: ${original.message}`)

      const compiled = compileRequest(result.request, schema)
      if (!compiled.ok) throw new Error(`the request does not compile: ${compiled.error.message}`)
      const offset = operation.kind === 'select' || operation.kind === 'rpc' ? (operation.offset ?? 0) : 0
      const rest = await runCompiled(db, compiled.compiled, offset)
      if (!rest.ok) throw new Error(`the compiled request fails: ${rest.message}\n${compiled.compiled.sql}`)

      if (operation.kind === 'select' && operation.countOnly) {
        expect(rest.body).toBe('')
        expect(original.rows).toHaveLength(1)
        expect(rest.total).toBe(Number(original.rows[0]![0]![1]))
      } else {
        const comparison = compareRows(original.rows, rest.rows, compiled.compiled.toManySpreads)
        if (DIFFER_AS_WARNED.includes(name)) {
          expect(result.warnings.map((warning) => warning.code)).toContain('left-join-filter')
          expect(comparison.verdict).toBe('differs')
          expect(comparison.restCount).toBeGreaterThan(comparison.sqlCount)
          return
        }
        expect(comparison, compiled.compiled.sql).toMatchObject({ onlyInSql: [], onlyInRest: [] })
        expect(comparison.verdict).not.toBe('differs')
        // A JSON client keeps one value per key: no column may be lost to another of the same name,
        // unless a warning says so.
        const warned = result.warnings.some((warning) => warning.code === 'spread-star-collision')
        if (rest.body !== '' && !compiled.compiled.scalarFunction && !warned) {
          const parsed = JSON.parse(rest.body) as Record<string, unknown>[]
          parsed.forEach((row, index) =>
            expect(Object.keys(row).length, 'a JSON key repeats').toBe(rest.rows[index]!.length),
          )
        }
      }
      // The header-only count offered beside a lone count(*) gives the same number.
      for (const note of result.notes) {
        if (!note.alternative) continue
        const both = await runBothSides(db, schema, note.alternative, sql)
        expect(both.rest.ok && both.rest.body).toBe('')
        expect(both.countMatches, note.code).toBe(true)
      }
      if (isWrite) expect(rest.tableAfter).toBe(original.tableAfter)
      checked.push(name)
    })
  }
})
