/**
 * The advice a refusal gives: what fits each kind of query, built from the reader's own SQL. Views
 * and functions are created on the library data and read back: a read returns the rows of the
 * original query, a write function runs.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TranslateError } from '../src/errors'
import { compareRows } from '../src/execute/compare'
import { runSql } from '../src/execute/run'
import { runRequest } from '../src/execute/run-both'
import {
  initTranslator,
  loadParser,
  renderHttp,
  renderSupabaseJs,
  translate,
  type SqlParser,
} from '../src/index'
import { loadGoldenFiles } from './support/golden-cases'
import { LIBRARY_SQL } from './support/library-database'
import { LIBRARY_SCHEMAS, restEngine } from './support/rest-engine'

type Expected =
  | { rewrite: string }
  | { view: string; call: string; body?: string }
  | { fn: string; returns: string; call: string }
  | { hintOnly: RegExp }

/** Representative queries and the advice each must get. */
const ADVICE: [name: string, sql: string, hint: RegExp, expected: Expected][] = [
  [
    'comma join',
    'select b.title, a.name from books b, authors a where a.id = b.author_id and b.year > 1960',
    /JOIN \.\.\. ON/,
    {
      rewrite: 'select b.title, a.name from books b join authors a on a.id = b.author_id where b.year > 1960',
    },
  ],
  [
    'comma join with between in the WHERE',
    "select b.title from books b, authors a where b.year between 1950 and 1970 and a.id = b.author_id and a.name <> 'x'",
    /JOIN \.\.\. ON/,
    {
      rewrite:
        "select b.title from books b join authors a on a.id = b.author_id where b.year between 1950 and 1970 and a.name <> 'x'",
    },
  ],
  [
    'cast bound to a JSON key',
    "select metadata->>'lang'::text from books",
    /\(metadata->>'lang'\)::text/,
    { rewrite: "select (metadata->>'lang')::text from books" },
  ],
  [
    'HAVING',
    'select author_id, count(*) from books group by author_id having count(*) > 2',
    /view/,
    { view: 'books_view', call: 'GET /rest/v1/books_view?select=*' },
  ],
  [
    'window function',
    'select title, rank() over (partition by genre order by pages desc) from books',
    /view/,
    { view: 'books_view', call: 'GET /rest/v1/books_view?select=*' },
  ],
  [
    'common table expression',
    'with long as (select * from books where pages > 400) select title, pages from long',
    /view/,
    { view: 'books_view', call: 'GET /rest/v1/books_view?select=*' },
  ],
  [
    'UNION',
    'select name from authors union select name from publishers',
    /view/,
    { view: 'authors_view', call: 'GET /rest/v1/authors_view?select=*' },
  ],
  [
    'DISTINCT',
    'select distinct genre from books',
    /view/,
    { view: 'books_view', call: 'GET /rest/v1/books_view?select=*' },
  ],
  [
    'subquery in WHERE over whole rows',
    'select * from books where author_id in (select id from authors where born < 1900)',
    /JOIN its table/,
    { fn: 'get_books', returns: 'setof books', call: 'POST /rest/v1/rpc/get_books' },
  ],
  [
    'column compared with a column',
    'select * from books where rating < author_id',
    /function that returns rows of books/,
    { fn: 'get_books', returns: 'setof books', call: 'POST /rest/v1/rpc/get_books' },
  ],
  [
    'INSERT ... SELECT',
    "insert into books (title) select name from authors where name like 'J%'",
    /function/,
    { fn: 'insert_books', returns: 'void', call: 'POST /rest/v1/rpc/insert_books' },
  ],
  [
    'UPDATE with an expression, returning columns',
    'update books set pages = pages + 1 where id = 1 returning id, pages',
    /Compute the value/,
    {
      fn: 'update_books',
      returns: 'table (id books.id%type, pages books.pages%type)',
      call: 'POST /rest/v1/rpc/update_books',
    },
  ],
  [
    'DELETE ... USING returning rows',
    "delete from books b using authors a where a.id = b.author_id and a.name = 'x' returning b.*",
    /function/,
    { fn: 'delete_books', returns: 'setof books', call: 'POST /rest/v1/rpc/delete_books' },
  ],
  [
    'several statements',
    'select * from books; select * from authors',
    /one Postgres function/,
    { fn: 'run_statements', returns: 'void', call: 'POST /rest/v1/rpc/run_statements' },
  ],
  [
    // The view renames the second id after its table: `a.id as author_id`.
    'view that would repeat a column name',
    'select b.id, a.id from books b join authors a on a.born > b.year',
    /view/,
    {
      view: 'books_view',
      call: 'GET /rest/v1/books_view?select=*',
      body: 'select b.id, a.id as author_id from books b join authors a on a.born > b.year',
    },
  ],
  [
    'view whose repeated column names a star hides',
    'select b.*, a.* from books b join authors a on a.born > b.year',
    /view/,
    { hintOnly: /view/ },
  ],
  ['DDL', 'create table notes (id int)', /migration/, { hintOnly: /migration/ }],
]

let parser: SqlParser
let db: PGlite

beforeAll(async () => {
  await initTranslator()
  parser = await loadParser()
  db = new PGlite()
  await db.exec(LIBRARY_SQL)
}, 60_000)

afterAll(() => db.close())

function refusal(sql: string): TranslateError {
  const result = translate(sql)
  if (result.ok) throw new Error(`expected a refusal: ${sql}`)
  return result.error
}

describe('advice per kind of refusal', () => {
  for (const [name, sql, hint, expected] of ADVICE) {
    it(name, async () => {
      const error = refusal(sql)
      expect(error.hint).toMatch(hint)
      const advice = error.advice
      if ('hintOnly' in expected) {
        expect(advice?.create).toBeUndefined()
        return
      }
      if ('rewrite' in expected) {
        expect(advice?.rewrite).toBe(expected.rewrite)
        expect(translate(advice!.rewrite!).ok).toBe(true)
        return
      }
      const create = advice?.create ?? ''
      const call = advice?.call
      if (!call) throw new Error('no call in the advice')
      const http = renderHttp(call)
      expect(http.ok && http.code.split('\n')[0]).toBe(`${expected.call} HTTP/1.1`)
      if ('view' in expected) {
        expect(create).toMatch(new RegExp(`^create view ${expected.view} as\\n`))
        expect(parser.parse(create)).toMatchObject({
          ok: true,
          tree: { stmts: [{ stmt: { ViewStmt: {} } }] },
        })
      } else {
        expect(create).toContain(`create function ${expected.fn}()\nreturns ${expected.returns}\n`)
        expect(parser.parse(create)).toMatchObject({
          ok: true,
          tree: { stmts: [{ stmt: { CreateFunctionStmt: {} } }] },
        })
        const js = renderSupabaseJs(call)
        expect(js.ok && js.code).toContain(`.rpc('${expected.fn}')`)
      }
      // The reader's statement is inside, as written (or with a repeated column name renamed).
      expect(create).toContain(('body' in expected && expected.body) || sql.replace(/;\s*$/, ''))

      await db.exec('begin')
      try {
        await db.exec(create)
        // A fresh engine reads the schema with the new view or function in it.
        const rest = await runRequest(db, restEngine(db, LIBRARY_SCHEMAS), call)
        if (!rest.ok) throw new Error(rest.message)
        if (rest.error) throw new Error(JSON.stringify(rest.error))
        if (sql.startsWith('select') && !sql.includes(';')) {
          const original = await runSql(db, sql, { returnsRows: true })
          if (!original.ok) throw new Error(original.message)
          const comparison = compareRows(original.rows, rest.rows)
          expect(comparison).toMatchObject({ onlyInSql: [], onlyInRest: [] })
          expect(comparison.sqlCount).toBeGreaterThan(0)
        }
      } finally {
        await db.exec('rollback')
      }
    })
  }
})

describe('every refusal of the golden cases', () => {
  const refusals = loadGoldenFiles().flatMap(({ file, cases }) =>
    cases.filter((entry) => entry.error?.kind === 'unsupported').map((entry) => ({ file, ...entry })),
  )

  it('has a hint of its own, and any SQL it offers parses', () => {
    expect(refusals.length).toBeGreaterThan(40)
    for (const { file, name, sql } of refusals) {
      const error = refusal(sql)
      expect(error.hint, `${file}: ${name}`).not.toBe('')
      if (error.advice?.create) expect(parser.parse(error.advice.create).ok, `${file}: ${name}`).toBe(true)
      if (error.advice?.rewrite) expect(translate(error.advice.rewrite).ok, `${file}: ${name}`).toBe(true)
    }
  })
})
