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
import { signJwt } from './sign-jwt'

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

describe('supabase-js on the engine with roles from the JWT', () => {
  const secret = 'super-secret-jwt-token-with-at-least-32-characters'
  const anonKey = signJwt({ role: 'anon', iss: 'supabase-demo' }, secret)
  const userA = '0a1b2c3d-0000-4000-8000-00000000000a'
  const userB = '0a1b2c3d-0000-4000-8000-00000000000b'
  let rolesDb: PGlite
  let handle: (request: Request) => Promise<Response>

  /** A client signed in as `user` (or anonymous), as supabase-js sends a session's access token. */
  const clientFor = (token: string) =>
    createClient('http://localhost:54321', anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
      global: {
        headers: { Authorization: `Bearer ${token}` },
        fetch: (input, init) => handle(new Request(input, init)),
      },
    })
  const signedIn = (user: string, claims: Record<string, unknown> = {}) =>
    clientFor(
      signJwt({ role: 'authenticated', aud: 'authenticated', sub: user, exp: 9999999999, ...claims }, secret),
    )

  beforeAll(async () => {
    rolesDb = await PGlite.create()
    await rolesDb.exec(`
      create role anon nologin;
      create role authenticated nologin;
      create schema auth;
      grant usage on schema auth to anon, authenticated;
      create function auth.uid() returns uuid language sql stable as $$
        select nullif(current_setting('request.jwt.claims', true)::json->>'sub', '')::uuid
      $$;
      create table todos (id int primary key, user_id uuid not null, task text not null);
      insert into todos values
        (1, '${userA}', 'water the plants'), (2, '${userB}', 'call the bank'), (3, '${userA}', 'book flights');
      alter table todos enable row level security;
      create policy "own todos" on todos for all to authenticated
        using (user_id = auth.uid()) with check (user_id = auth.uid());
      grant select, insert on todos to anon, authenticated;
    `)
    handle = createRestHandler(rolesDb, { transactionEnd: 'rollback', anonRole: 'anon', jwt: { secret } })
  }, 60_000)

  afterAll(() => rolesDb.close())

  it('shows each signed-in user only their own rows', async () => {
    const a = await signedIn(userA).from('todos').select('id, task').order('id')
    expect(a).toMatchObject({ error: null, status: 200 })
    expect(a.data).toEqual([
      { id: 1, task: 'water the plants' },
      { id: 3, task: 'book flights' },
    ])
    const b = await signedIn(userB).from('todos').select('id')
    expect(b.data).toEqual([{ id: 2 }])
  })

  it('shows the anonymous key no rows, since the policy is for authenticated', async () => {
    const anon = await clientFor(anonKey).from('todos').select('id')
    expect(anon).toMatchObject({ data: [], error: null, status: 200 })
  })

  it("refuses a signed-in user's insert for someone else with 403, and anon's with 401", async () => {
    const row = { id: 9, user_id: userB, task: 'not mine' }
    const asA = await signedIn(userA).from('todos').insert(row)
    expect(asA.status).toBe(403)
    expect(asA.error).toMatchObject({ code: '42501' })
    const asAnon = await clientFor(anonKey).from('todos').insert(row)
    expect(asAnon.status).toBe(401)
    expect(asAnon.error).toMatchObject({ code: '42501' })
  })

  it('refuses an expired token and one signed with another secret', async () => {
    const expired = await signedIn(userA, { exp: 1_000_000_000 }).from('todos').select('id')
    expect(expired.status).toBe(401)
    expect(expired.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' })
    const forged = await clientFor(
      signJwt({ role: 'authenticated', sub: userA }, 'another-secret-of-at-least-32-characters'),
    )
      .from('todos')
      .select('id')
    expect(forged.error).toMatchObject({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature' })
  })
})
