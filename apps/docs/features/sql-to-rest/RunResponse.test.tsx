import { PGlite } from '@electric-sql/pglite'
import { createRestHandler } from '@docs/rest-engine'
import * as translator from '@docs/sql-to-rest'
import { runBothSides, TableSnapshots, type BothSides } from '@docs/sql-to-rest/run'
import { sampleDataSql, sampleSchemaSql } from '@docs/sql-to-rest/sample'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RunResponse, responseText, statusLine, verdictOf } from './RunResponse.client'

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')

let db: PGlite
const snapshots = new TableSnapshots()
let lastStatement = ''
const engines = new Map<boolean, translator.RestHandler>()

/** Runs as the run worker does: the request through the engine, and the SQL it came from beside it. */
async function run(text: string, { aggregatesEnabled = true } = {}): Promise<BothSides> {
  // A request names its path; SQL does not.
  const rest = text.includes('/rest/v1/')
  let request: translator.RequestModel
  if (rest) {
    const parsed = translator.parseRestRequest(text)
    if (!parsed.ok) throw new Error(parsed.error.message)
    request = parsed.request
  } else {
    const translated = translator.translate(text)
    if (!translated.ok) throw new Error(translated.error.message)
    request = translated.request
  }
  let handle = engines.get(aggregatesEnabled)
  if (!handle) {
    handle = createRestHandler(db, {
      aggregatesEnabled,
      transactionEnd: 'rollback',
      inspect: snapshots.inspect,
      onStatement: (sql) => {
        lastStatement = sql
      },
    })
    engines.set(aggregatesEnabled, handle)
  }
  lastStatement = ''
  return runBothSides(db, { handle, snapshots }, request, rest ? undefined : text)
}

const shown = (result: BothSides, statement = lastStatement) =>
  textOf(renderToStaticMarkup(<RunResponse run={{ status: 'done', result, statement }} />))

// Starting PGlite takes seconds, more on a busy machine than a hook's default 10 s allows.
const START_MS = 60_000

beforeAll(async () => {
  await translator.initTranslator()
  db = await PGlite.create()
  await db.exec(sampleSchemaSql)
  await db.exec(sampleDataSql())
}, START_MS)

afterAll(async () => {
  await db.close()
})

describe('the verdict of a run', () => {
  it('says Same rows when both sides agree, and shows the statement the engine ran', async () => {
    const result = await run(
      "select name, price from products where price between 10 and 20 and name ilike '%mug%'",
    )
    expect(verdictOf(result)).toEqual({ tone: 'same', text: 'Same rows. SQL: 2 rows, REST: 2 rows.' })
    const text = shown(result)
    expect(text).toContain('HTTP/1.1 200 OK\nContent-Location: /products?')
    expect(text).toContain('Content-Range: 0-1/*\nContent-Type: application/json; charset=utf-8\n\n[')
    expect(text).toContain('The SQL PostgREST runs for this request')
    expect(text).toContain('WITH pgrst_source AS')
  })

  it('says PostgREST 12.2 refuses a request it answers with an error, and shows the whole error response', async () => {
    const result = await run('GET /rest/v1/products?select=name&order=categories(name)')
    expect(verdictOf(result)).toEqual({
      tone: 'refused',
      text: "PostgREST 12.2 refuses this request: 400 PGRST108, 'categories' is not an embedded resource in this request.",
    })
    expect(renderToStaticMarkup(<RunResponse run={{ status: 'done', result, statement: '' }} />)).toContain(
      'data-verdict="refused"',
    )
    const text = shown(result)
    expect(text).toContain(
      [
        'HTTP/1.1 400 Bad Request',
        'Content-Type: application/json; charset=utf-8',
        '',
        '{',
        '  "code": "PGRST108",',
        '  "details": null,',
        `  "hint": "Verify that 'categories' is included in the 'select' query parameter.",`,
        `  "message": "'categories' is not an embedded resource in this request"`,
        '}',
      ].join('\n'),
    )
    expect(text).not.toContain('rows differ')
    // Refused while planning: the engine ran no statement.
    expect(text).not.toContain('The SQL PostgREST runs for this request')
  })

  it('with db-aggregates-enabled off, refuses an aggregate with PGRST123 and says how to turn it on', async () => {
    const sql = 'select category_id, count(*) from products group by category_id'
    expect(verdictOf(await run(sql)).tone).toBe('same')
    const off = await run(sql, { aggregatesEnabled: false })
    expect(verdictOf(off)).toEqual({
      tone: 'refused',
      text:
        'PostgREST 12.2 refuses this request: 400 PGRST123, Use of aggregate functions is not allowed.' +
        ' Aggregates are off: tick Aggregates enabled to run it as the tool assumes.',
    })
    expect(shown(off)).toContain('"code": "PGRST123"')
  })

  it('names the failing SQL beside a refusal, and alone when only the SQL fails', async () => {
    const both = await run('select nme from products')
    expect(verdictOf(both).tone).toBe('refused')
    expect(verdictOf(both).text).toBe(
      'PostgREST 12.2 refuses this request: 400 42703, column products.nme does not exist.' +
        ' The SQL fails too: column "nme" does not exist.',
    )
    const sqlOnly: BothSides = { ...(await run('select name from products')), comparison: undefined }
    sqlOnly.sql = { ok: false, message: 'division by zero' }
    expect(verdictOf(sqlOnly)).toEqual({
      tone: 'failed',
      text: 'The SQL fails on the sample data: division by zero.',
    })
  })

  it('calls the same rows in another order a mismatch, and names the first row that differs', async () => {
    const result = await run('select id, name from products where price > 40 order by price desc')
    expect(verdictOf(result).tone).toBe('same')
    if (!result.sql?.ok || !result.rest.ok) throw new Error('both sides should run')
    const restRows = [...result.rest.rows]
    ;[restRows[1], restRows[2]] = [restRows[2]!, restRows[1]!]
    const reordered: BothSides = {
      ...result,
      rest: { ...result.rest, rows: restRows },
      comparison: translator.compareRows(result.sql.rows, restRows, { ordered: true }),
    }
    const second = result.sql.rows[1]!.map(([, value]) => value)
    const third = result.sql.rows[2]!.map(([, value]) => value)
    const count = result.sql.rows.length
    expect(verdictOf(reordered)).toEqual({
      tone: 'mismatch',
      text: `Same rows, in a different order: row 2 is ${JSON.stringify(second)} in SQL and ${JSON.stringify(third)} in REST. SQL: ${count} rows, REST: ${count} rows.`,
    })
  })

  it('says what a request without SQL answers', async () => {
    expect(verdictOf(await run('GET /rest/v1/categories?select=name&name=eq.Garden'))).toEqual({
      tone: 'info',
      text: 'The request returns 1 row.',
    })
    const deleted = await run('DELETE /rest/v1/products?id=eq.1')
    expect(verdictOf(deleted)).toEqual({
      tone: 'info',
      text: 'The request answers HTTP/1.1 204 No Content, with no body.',
    })
    expect(shown(deleted)).toContain('rolled back')
  })
})

describe('the response as text', () => {
  it('has the status line the engine sends, with header names in their usual case', async () => {
    // The reason phrase is the engine's (PostgREST's, from http-types), never a second table here.
    const missing = await run('GET /rest/v1/no_such_table')
    if (!missing.rest.ok) throw new Error(missing.rest.message)
    expect(responseText(missing.rest)).toMatch(/^HTTP\/1\.1 404 Not Found\n/)
    expect(statusLine({ status: 416, statusText: 'Requested Range Not Satisfiable' })).toBe(
      'HTTP/1.1 416 Requested Range Not Satisfiable',
    )
    expect(statusLine({ status: 299, statusText: '' })).toBe('HTTP/1.1 299')
    expect(
      responseText({
        status: 201,
        statusText: 'Created',
        headers: [
          ['content-range', '*/*'],
          ['preference-applied', 'return=minimal'],
        ],
        body: '',
      }),
    ).toBe('HTTP/1.1 201 Created\nContent-Range: */*\nPreference-Applied: return=minimal\n\n(empty body)')
  })
})
