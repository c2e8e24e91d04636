import { beforeAll, describe, expect, it } from 'vitest'
import * as translator from '@docs/sql-to-rest'
import { requestStatement, statementText } from './request-statement'

beforeAll(async () => {
  await translator.initTranslator()
})

async function statementOf(text: string, aggregatesEnabled = true): Promise<string> {
  const parsed = translator.parseRestRequest(text)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return statementText(await requestStatement(parsed.request, aggregatesEnabled))
}

describe('the SQL a request means, from the REST engine without a database', () => {
  it('is the statement PostgREST 12.2 runs for a read', async () => {
    const sql = await statementOf(
      'http://localhost:54321/rest/v1/products?select=name,...categories!inner(category:name)&categories.name=eq.Garden&order=name',
    )
    expect(sql).toMatch(/^WITH pgrst_source AS \( SELECT "public"\."products"\."name"/)
    expect(sql).toContain('INNER JOIN LATERAL')
    expect(sql).toContain(`"categories_1"."name" = 'Garden'`)
    expect(sql).toContain('ORDER BY "public"."products"."name" ASC')
  })

  it('shows the body of a write as its parameter', async () => {
    const sql = await statementOf(
      [
        'POST /rest/v1/products HTTP/1.1',
        'Content-Type: application/json',
        'Prefer: return=representation',
        '',
        `{"name":"Kite's tail","price":9}`,
      ].join('\n'),
    )
    expect(sql).toContain('INSERT INTO "public"."products"("name", "price")')
    expect(sql.split('\n').at(-1)).toBe(`-- $1 = '{"name":"Kite''s tail","price":9}'`)
  })

  it('is a refusal, as comments, when PostgREST 12.2 answers with an error', async () => {
    expect(await statementOf('GET /rest/v1/products?select=name&order=categories(name)')).toBe(
      [
        '-- PostgREST 12.2 refuses this request: 400, PGRST108',
        "-- 'categories' is not an embedded resource in this request",
        "-- Verify that 'categories' is included in the 'select' query parameter.",
      ].join('\n'),
    )
  })

  it('follows db-aggregates-enabled', async () => {
    expect(await statementOf('GET /rest/v1/products?select=count()')).toContain(
      'COUNT("public"."products".*)',
    )
    expect(await statementOf('GET /rest/v1/products?select=count()', false)).toBe(
      '-- PostgREST 12.2 refuses this request: 400, PGRST123\n-- Use of aggregate functions is not allowed',
    )
  })
})
