/**
 * The real supabase-js v2 client, unchanged, on the engine: its requests (headers, Prefer,
 * Accept, Range) get PostgREST 12.2's answers, which the client turns into
 * `{ data, error, count, status, statusText }`.
 */
import { PGlite } from '@electric-sql/pglite'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { sampleDataSql, sampleSchemaSql } from '@docs/sql-to-rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRestHandler } from '../src/index'

let db: PGlite
let supabase: SupabaseClient

/** Node 20 has no WebSocket and these tests never open Realtime: a transport that says so if used. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available in this test.')
  }
}

beforeAll(async () => {
  db = await PGlite.create()
  await db.exec(sampleSchemaSql)
  await db.exec(sampleDataSql())
  const handle = createRestHandler(db, { transactionEnd: 'rollback' })
  supabase = createClient('http://localhost:54321', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
    global: { fetch: (input, init) => handle(new Request(input, init)) },
  })
}, 60_000)

afterAll(() => db.close())

describe('supabase-js on the engine', () => {
  it('selects with an embed, a filter, an order, a range and an exact count', async () => {
    const result = await supabase
      .from('products')
      .select('name, categories(name)', { count: 'exact' })
      .eq('category_id', 1)
      .order('name')
      .range(0, 1)
    expect(result.error).toBeNull()
    expect(result.status).toBe(206)
    expect(result.statusText).toBe('Partial Content')
    expect(result.count).toBeGreaterThan(2)
    expect(result.data).toHaveLength(2)
    expect(result.data![0]).toMatchObject({ categories: { name: 'Kitchen' } })
  })

  it('reads one row as an object with single(), and reports PGRST116 when there are several', async () => {
    const one = await supabase.from('categories').select('name').eq('id', 2).single()
    expect(one).toMatchObject({ data: { name: 'Office' }, error: null, status: 200 })
    const many = await supabase.from('categories').select('name').single()
    expect(many.data).toBeNull()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
    })
  })

  it('inserts and returns the row, with 201', async () => {
    const result = await supabase.from('categories').insert({ name: 'Seasonal' }).select('name').single()
    expect(result).toMatchObject({
      data: { name: 'Seasonal' },
      error: null,
      status: 201,
      statusText: 'Created',
    })
  })

  it('calls a function with POST and with GET', async () => {
    const post = await supabase.rpc('search_products', { term: 'mug' }).select('name').order('name')
    const get = await supabase
      .rpc('search_products', { term: 'mug' }, { get: true })
      .select('name')
      .order('name')
    expect(post.error).toBeNull()
    expect(post.data).toEqual(get.data)
    expect(Array.isArray(post.data) && post.data.length > 0).toBe(true)
  })

  it('gets the database error with its code and status', async () => {
    const result = await supabase.from('categories').insert({ id: 1, name: 'Again' })
    expect(result.status).toBe(409)
    expect(result.statusText).toBe('Conflict')
    expect(result.error).toMatchObject({ code: '23505' })
  })

  it('gets an aggregate refusal while db-aggregates-enabled is off', async () => {
    const result = await supabase.from('products').select('count()')
    expect(result.status).toBe(400)
    expect(result.error).toMatchObject({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
    })
  })
})
