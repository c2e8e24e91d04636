import { createPlatformDb } from '@docs/pglite-platform'
import type { PGlite } from '@electric-sql/pglite'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPagePlatform, LOCAL_API_URL, type PagePlatform } from '../src/index'

const MIGRATION = `
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text
);
alter table public.profiles enable row level security;
create policy "read own" on public.profiles for select using (auth.uid() = id);
create policy "write own" on public.profiles for insert with check (auth.uid() = id);
grant select, insert on public.profiles to authenticated;
insert into storage.buckets (id, name) values ('avatars', 'avatars');
create policy "own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "read own files" on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and owner_id = auth.uid()::text);
`

/** Node 20 has no WebSocket and these tests never open Realtime: a transport that says so if used. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used here')
  }
}

let db: PGlite
let platform: PagePlatform

const clientFor = (key: string): SupabaseClient =>
  createClient(platform.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { fetch: platform.fetch },
  })

beforeAll(async () => {
  db = await createPlatformDb()
  platform = await createPagePlatform(db, { storage: { fileSizeLimit: 1024 } })
  await platform.withDatabase((database) => database.exec(MIGRATION))
})
afterAll(() => db.close())

describe('the platform in the page', () => {
  it('signs its keys with the project secret, as the CLI prints them', () => {
    expect(platform.url).toBe(LOCAL_API_URL)
    const role = (key: string) => JSON.parse(atob(key.split('.')[1]!)).role
    expect(role(platform.anonKey)).toBe('anon')
    expect(role(platform.serviceRoleKey)).toBe('service_role')
  })

  it('signs a reader in with a magic link from the inbox, and row-level security sees the user', async () => {
    const supabase = clientFor(platform.anonKey)
    const email = 'ada@example.com'
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull()
    const mail = platform.inbox.latest(email)
    expect(mail?.token).toMatch(/^\d{6}$/)
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mail!.token, type: 'email' })
    expect(error).toBeNull()
    const userId = data.user!.id

    const insert = await supabase.from('profiles').insert({ id: userId, username: 'ada' }).select()
    expect(insert.error).toBeNull()
    expect(insert.data).toEqual([{ id: userId, username: 'ada' }])

    // Someone else's row is refused by the policy, with PostgREST's error.
    const other = await supabase
      .from('profiles')
      .insert({ id: '00000000-0000-4000-8000-000000000000', username: 'eve' })
    expect(other.error?.code).toBe('42501')
    expect(other.status).toBe(403)

    // Storage decides by the same policies: the user's own folder only.
    const file = new Blob(['png bytes'], { type: 'image/png' })
    const own = await supabase.storage.from('avatars').upload(`${userId}/me.png`, file)
    expect(own.error).toBeNull()
    const elsewhere = await supabase.storage.from('avatars').upload('someone/me.png', file)
    expect(elsewhere.error?.message).toBe('new row violates row-level security policy')
    const download = await supabase.storage.from('avatars').download(`${userId}/me.png`)
    expect(await download.data?.text()).toBe('png bytes')

    // The anonymous role sees no profile.
    const anon = await clientFor(platform.anonKey).from('profiles').select()
    expect(anon.data).toEqual([])
  })

  it('runs concurrent requests one after another, each answered', async () => {
    const supabase = clientFor(platform.serviceRoleKey)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? supabase.from('profiles').select('id') : supabase.storage.listBuckets(),
      ),
    )
    expect(answers.every((answer) => answer.error === null)).toBe(true)
  })

  it('reads the schema again after a migration', async () => {
    await platform.withDatabase((database) =>
      database.exec(`create table public.notes (id int primary key); grant select on public.notes to anon;`),
    )
    const { data, error } = await clientFor(platform.anonKey).from('notes').select()
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it('answers as the gateway does for paths and hosts it does not route', async () => {
    const unknown = await platform.fetch(`${platform.url}/graphql/v2`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'no Route matched with those values' })
    const elsewhere = await platform.fetch('https://example.com/rest/v1/profiles')
    expect(elsewhere.status).toBe(404)
  })

  it('refuses a body over its limit before an engine reads it', async () => {
    const big = new Uint8Array(2 * 1024 * 1024)
    const response = await platform.fetch(`${platform.url}/rest/v1/profiles`, {
      method: 'POST',
      headers: { apikey: platform.anonKey, 'content-type': 'application/json' },
      body: big,
    })
    expect(response.status).toBe(413)
    // Storage's own limit still answers below it, with storage-api's error.
    const supabase = clientFor(platform.serviceRoleKey)
    const upload = await supabase.storage
      .from('avatars')
      .upload('x/big.bin', new Blob([new Uint8Array(4096)]))
    expect(upload.error?.message).toBe('The object exceeded the maximum allowed size')
  })
})
