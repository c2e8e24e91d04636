/**
 * The real @supabase/supabase-js v2 on the engine: its storage client's calls, answered as
 * storage-api v1.0.6 answers them, with a policy on storage.objects deciding who may write.
 */
import type { PGlite } from '@electric-sql/pglite'
import { createPlatformDb } from '@docs/pglite-platform'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorageHandler, MemoryObjectStore, signJwt, type StorageHandler } from '../src/index'

const secret = 'super-secret-jwt-token-with-at-least-32-characters-long'
const url = 'http://localhost:54321'
const userId = '8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e'
const otherId = '0c4a1f4b-3a5b-4d3e-9f6a-2b7f1c9e8d01'

let db: PGlite
let handle: StorageHandler
let store: MemoryObjectStore
let service: SupabaseClient
let anon: SupabaseClient
let user: SupabaseClient

/** Node 20 has no WebSocket and these tests never open Realtime: a transport that says so if used. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available in this test.')
  }
}

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
    global: {
      fetch: (input, init) => handle(new Request(input, init)),
      ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
    },
  })
}

beforeAll(async () => {
  db = await createPlatformDb()
  // Users write only under a folder named by their id; anyone reads the avatars bucket's rows.
  await db.exec(`
    create policy "read avatars" on storage.objects for select using (bucket_id = 'avatars');
    create policy "own folder insert" on storage.objects for insert to authenticated
      with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "own folder update" on storage.objects for update to authenticated
      using (bucket_id = 'avatars' and owner = auth.uid());
    create policy "read buckets" on storage.buckets for select using (true);
  `)
  store = new MemoryObjectStore()
  handle = createStorageHandler(db, { jwtSecret: secret, store, fileSizeLimit: 1_000_000 })
  const anonKey = await signJwt({ iss: 'supabase-demo', role: 'anon' }, secret)
  const serviceKey = await signJwt({ iss: 'supabase-demo', role: 'service_role' }, secret)
  const userToken = await signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated' }, secret, 3600)
  service = client(serviceKey)
  anon = client(anonKey)
  user = client(anonKey, userToken)
}, 120_000)

afterAll(async () => {
  await db?.close()
})

const text = (value: string) => new Blob([value], { type: 'text/plain' })

describe('buckets', () => {
  it('creates, reads, lists, updates, empties and deletes a bucket with the service key', async () => {
    const created = await service.storage.createBucket('docs', {
      public: false,
      fileSizeLimit: '1KB',
      allowedMimeTypes: ['text/*'],
    })
    expect(created).toEqual({ data: { name: 'docs' }, error: null })

    const { data: bucket } = await service.storage.getBucket('docs')
    expect(bucket).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: 1000,
      allowed_mime_types: ['text/*'],
    })

    const again = await service.storage.createBucket('docs')
    expect(again.error?.message).toBe('The resource already exists')
    expect((again.error as { status?: number }).status).toBe(400)
    expect((again.error as { statusCode?: string }).statusCode).toBe('409')

    const updated = await service.storage.updateBucket('docs', { public: true })
    expect(updated.data).toEqual({ message: 'Successfully updated' })

    const { data: list } = await service.storage.listBuckets()
    expect(list?.map((b) => [b.id, b.public])).toContainEqual(['docs', true])

    await service.storage.from('docs').upload('a.txt', text('a'))
    const notEmpty = await service.storage.deleteBucket('docs')
    expect(notEmpty.error?.message).toBe('The bucket you tried to delete is not empty')

    expect((await service.storage.emptyBucket('docs')).data).toEqual({ message: 'Successfully emptied' })
    expect(store.files.size).toBe(0)
    expect((await service.storage.deleteBucket('docs')).data).toEqual({ message: 'Successfully deleted' })

    const gone = await service.storage.getBucket('docs')
    expect(gone.error?.message).toBe('Bucket not found')
  })
})

describe('objects', () => {
  beforeAll(async () => {
    await service.storage.createBucket('files', { public: true })
  })

  it('uploads, downloads, lists, moves, copies and removes', async () => {
    const files = service.storage.from('files')
    const up = await files.upload('notes/hello.txt', text('hello world'))
    expect(up.error).toBeNull()
    expect(up.data).toMatchObject({ path: 'notes/hello.txt', fullPath: 'files/notes/hello.txt' })
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/)

    const dup = await files.upload('notes/hello.txt', text('again'))
    expect(dup.error?.message).toBe('The resource already exists')

    const upsert = await files.upload('notes/hello.txt', text('hello again'), { upsert: true })
    expect(upsert.error).toBeNull()

    const down = await files.download('notes/hello.txt')
    expect(await down.data?.text()).toBe('hello again')

    await files.upload('notes/deeper/x.txt', text('x'))
    await files.upload('top.txt', text('t'))
    const { data: root } = await files.list()
    expect(root?.map((o) => [o.name, o.id === null])).toEqual([
      ['notes', true],
      ['top.txt', false],
    ])
    const { data: notes } = await files.list('notes', { sortBy: { column: 'name', order: 'desc' } })
    expect(notes?.map((o) => o.name)).toEqual(['deeper', 'hello.txt'])
    const file = notes?.find((o) => o.name === 'hello.txt')
    expect(file?.metadata).toMatchObject({ size: 11, mimetype: 'text/plain', cacheControl: 'max-age=3600' })
    const { data: searched } = await files.list('notes', { search: 'hel' })
    expect(searched?.map((o) => o.name)).toEqual(['hello.txt'])
    const { data: paged } = await files.list('', { limit: 1, offset: 1 })
    expect(paged?.map((o) => o.name)).toEqual(['top.txt'])

    expect((await files.move('top.txt', 'moved/top.txt')).data).toEqual({ message: 'Successfully moved' })
    expect((await files.download('top.txt')).error).not.toBeNull()
    expect(await (await files.download('moved/top.txt')).data?.text()).toBe('t')

    expect((await files.copy('moved/top.txt', 'copied.txt')).data).toEqual({ path: 'files/copied.txt' })
    expect(await (await files.download('copied.txt')).data?.text()).toBe('t')
    expect(await (await files.download('moved/top.txt')).data?.text()).toBe('t')

    const removed = await files.remove(['copied.txt', 'missing.txt'])
    expect(removed.data?.map((o) => o.name)).toEqual(['copied.txt'])
    expect((await files.download('copied.txt')).error).not.toBeNull()
  })

  it('serves a public bucket at its public URL and refuses a private one', async () => {
    await service.storage.from('files').upload('pub.txt', text('public text'))
    const { data } = service.storage.from('files').getPublicUrl('pub.txt')
    const response = await handle(new Request(data.publicUrl))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('public text')

    await service.storage.createBucket('private')
    await service.storage.from('private').upload('p.txt', text('secret'))
    const closed = await handle(
      new Request(service.storage.from('private').getPublicUrl('p.txt').data.publicUrl),
    )
    expect(closed.status).toBe(400)
    expect(await closed.json()).toEqual({
      statusCode: '404',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })

  it('signs download URLs that work without a key, and refuses a changed path', async () => {
    const bucket = service.storage.from('private')
    const { data, error } = await bucket.createSignedUrl('p.txt', 60)
    expect(error).toBeNull()
    const response = await handle(new Request(data!.signedUrl))
    expect(response.status).toBe(200)
    expect(response.headers.get('expires')).toMatch(/GMT$/)
    expect(await response.text()).toBe('secret')

    const tampered = await handle(new Request(data!.signedUrl.replace('/p.txt', '/q.txt')))
    expect(await tampered.json()).toEqual({
      statusCode: '400',
      error: 'InvalidSignature',
      message: 'Invalid signature',
    })

    const many = await bucket.createSignedUrls(['p.txt', 'nope.txt'], 60)
    expect(many.data?.map((d) => [d.path, d.error])).toEqual([
      ['p.txt', null],
      ['nope.txt', 'Either the object does not exist or you do not have access to it'],
    ])
    expect(await (await handle(new Request(many.data![0]!.signedUrl!))).text()).toBe('secret')
  })

  it('signs upload URLs: one upload, then the key exists', async () => {
    const bucket = service.storage.from('private')
    const { data, error } = await bucket.createSignedUploadUrl('signed/up.txt')
    expect(error).toBeNull()
    const put = await anon.storage
      .from('private')
      .uploadToSignedUrl('signed/up.txt', data!.token, text('via token'))
    expect(put.error).toBeNull()
    expect(put.data).toMatchObject({ fullPath: 'private/signed/up.txt' })
    expect(await (await bucket.download('signed/up.txt')).data?.text()).toBe('via token')

    const second = await bucket.createSignedUploadUrl('signed/up.txt')
    expect(second.error?.message).toBe('The resource already exists')
  })

  it("refuses files over the bucket's size limit and of types it does not allow", async () => {
    await service.storage.createBucket('limited', {
      public: false,
      fileSizeLimit: 10,
      allowedMimeTypes: ['image/png'],
    })
    const bucket = service.storage.from('limited')
    const big = await bucket.upload('big.png', new Blob([new Uint8Array(11)], { type: 'image/png' }))
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size')
    expect((big.error as { statusCode?: string }).statusCode).toBe('413')
    const wrong = await bucket.upload('a.txt', text('a'))
    expect(wrong.error?.message).toBe('mime type text/plain is not supported')
    const ok = await bucket.upload('ok.png', new Blob([new Uint8Array(10)], { type: 'image/png' }))
    expect(ok.error).toBeNull()

    const tooBig = await service.storage.createBucket('huge', { public: false, fileSizeLimit: 2_000_000 })
    expect(tooBig.error?.message).toBe('The object exceeded the maximum allowed size')
  })
})

describe('row-level security', () => {
  beforeAll(async () => {
    await service.storage.createBucket('avatars')
  })

  it('lets a user write in their own folder and refuses anon and other folders', async () => {
    const own = await user.storage
      .from('avatars')
      .upload(`${userId}/me.png`, new Blob(['x'], { type: 'image/png' }))
    expect(own.error).toBeNull()
    const [row] = (
      await db.query<{ owner: string; owner_id: string }>(
        `select owner, owner_id from storage.objects where name = $1`,
        [`${userId}/me.png`],
      )
    ).rows
    expect(row).toEqual({ owner: userId, owner_id: userId })

    const others = await user.storage.from('avatars').upload(`${otherId}/me.png`, text('x'))
    expect(others.error?.message).toBe('new row violates row-level security policy')
    expect((others.error as { statusCode?: string }).statusCode).toBe('403')

    const asAnon = await anon.storage.from('avatars').upload(`${userId}/anon.png`, text('x'))
    expect(asAnon.error?.message).toBe('new row violates row-level security policy')

    // Reading is open to all; deleting has no policy, so nothing is deleted.
    expect(await (await anon.storage.from('avatars').download(`${userId}/me.png`)).data?.text()).toBe('x')
    const removed = await user.storage.from('avatars').remove([`${userId}/me.png`])
    expect(removed.data).toEqual([])

    const update = await user.storage
      .from('avatars')
      .update(`${userId}/me.png`, new Blob(['y'], { type: 'image/png' }))
    expect(update.error).toBeNull()
    expect(await (await anon.storage.from('avatars').download(`${userId}/me.png`)).data?.text()).toBe('y')
  })

  it('refuses a token signed with another secret', async () => {
    const forged = await signJwt({ role: 'service_role' }, 'another-secret')
    const response = await client(forged).storage.listBuckets()
    expect(response.error?.message).toBe('invalid signature')
  })
})
