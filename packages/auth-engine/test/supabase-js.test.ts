/**
 * The real supabase-js v2 client, unchanged, on the engine: `/auth/v1` goes to the auth engine and
 * `/rest/v1` to the REST engine, both over one platform database.
 */
import type { PGlite } from '@electric-sql/pglite'
import { asRole, createPlatformDb } from '@docs/pglite-platform'
import { createRestHandler } from '@docs/rest-engine'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiKey,
  createAuthHandler,
  totpCode,
  verifyJwt,
  type AuthHandler,
  CLI_JWT_SECRET,
} from '../src/index'

let db: PGlite
let auth: AuthHandler
let anonKey: string
let serviceKey: string

/** Node 20 has no WebSocket and these tests never open Realtime: a transport that says so if used. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available in this test.')
  }
}

function client(key: string, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  const rest = createRestHandler(db)
  return createClient('http://127.0.0.1:54321', key, {
    auth: { persistSession: false, autoRefreshToken: false, flowType },
    realtime: { transport: NoRealtime as never },
    global: {
      fetch: (input, init) => {
        const request = new Request(input, init)
        return new URL(request.url).pathname.startsWith('/auth/v1') ? auth(request) : rest(request)
      },
    },
  })
}

beforeAll(async () => {
  db = await createPlatformDb()
  auth = createAuthHandler(db, { enableAnonymousSignIns: true, passwordHashCost: 4 })
  anonKey = await apiKey('anon')
  serviceKey = await apiKey('service_role')
}, 120_000)

afterAll(() => db?.close())

describe('supabase-js on the auth engine', () => {
  it('signs up, and the session holds a JWT with GoTrue v2.157.1 claims', async () => {
    const supabase = client(anonKey)
    const { data, error } = await supabase.auth.signUp({
      email: 'Ada@Example.com',
      password: 'correct horse',
      options: { data: { full_name: 'Ada' } },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: 'ada@example.com',
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        email: 'ada@example.com',
        email_verified: false,
        phone_verified: false,
        full_name: 'Ada',
      },
      is_anonymous: false,
    })
    expect(data.user!.identities).toHaveLength(1)
    const claims = await verifyJwt(data.session!.access_token, CLI_JWT_SECRET)
    expect(claims).toMatchObject({
      iss: 'http://127.0.0.1:54321/auth/v1',
      sub: data.user!.id,
      aud: 'authenticated',
      email: 'ada@example.com',
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password' }],
      is_anonymous: false,
    })
    expect(claims['exp']).toBe((claims['iat'] as number) + 3600)
    const trail = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from auth.audit_log_entries where payload ->> 'actor_id' = $1 order by created_at`,
      [data.user!.id],
    )
    // One transaction writes both, at one time: their order is not asserted.
    expect(trail.rows).toHaveLength(2)
    expect(trail.rows.map((row) => row.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user_signedup',
          log_type: 'team',
          actor_username: 'ada@example.com',
          traits: { provider: 'email' },
        }),
        expect.objectContaining({
          action: 'login',
          log_type: 'account',
          actor_name: 'Ada',
          traits: { provider: 'email' },
        }),
      ]),
    )
    // What the REST engine will do with the token: run as its role, with its claims, under RLS.
    await db.exec(`create table if not exists public.notes (id serial primary key, owner uuid default auth.uid(), body text);
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
      insert into public.notes (owner, body) values (gen_random_uuid(), 'someone else''s');`)
    const seen = await asRole(db, 'authenticated', claims as never, async (tx) => {
      await tx.query(`insert into public.notes (body) values ('mine')`)
      return (
        await tx.query<{ body: string; uid: string }>(`select body, auth.uid() as uid from public.notes`)
      ).rows
    })
    expect(seen).toEqual([{ body: 'mine', uid: data.user!.id }])
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ])
  })

  it('signs in with the password, reads and updates the user, refreshes and signs out', async () => {
    const supabase = client(anonKey)
    const wrong = await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'nope' })
    expect(wrong.error).toMatchObject({ status: 400, message: 'Invalid login credentials' })

    const signIn = await supabase.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct horse',
    })
    expect(signIn.error).toBeNull()
    const first = signIn.data.session!

    const got = await supabase.auth.getUser()
    expect(got.data.user?.email).toBe('ada@example.com')

    const updated = await supabase.auth.updateUser({
      data: { full_name: 'Ada L.' },
      password: 'battery staple',
    })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Ada L.' })
    const relogin = await client(anonKey).auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'battery staple',
    })
    expect(relogin.error).toBeNull()

    const refreshed = await supabase.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token)
    const claims = await verifyJwt(refreshed.data.session!.access_token, CLI_JWT_SECRET)
    expect(claims['session_id']).toBe((await verifyJwt(first.access_token, CLI_JWT_SECRET))['session_id'])

    const out = await supabase.auth.signOut()
    expect(out.error).toBeNull()
    const after = await client(anonKey).auth.refreshSession({
      refresh_token: refreshed.data.session!.refresh_token,
    })
    expect(after.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })

  it('signs in with an e-mailed code: the inbox holds the magic link and the code', async () => {
    const supabase = client(anonKey)
    const sent = await supabase.auth.signInWithOtp({ email: 'grace@example.com' })
    expect(sent.error).toBeNull()
    const message = auth.inbox.latest('grace@example.com')!
    expect(message).toMatchObject({ actionType: 'magiclink', subject: 'Your Magic Link' })
    expect(message.token).toMatch(/^\d{6}$/)
    expect(message.confirmationUrl).toBe(
      `http://127.0.0.1:54321/auth/v1/verify?token=${message.tokenHash}&type=magiclink&redirect_to=http://127.0.0.1:3000`,
    )
    expect(message.html).toContain(`Alternatively, enter the code: ${message.token}`)

    const verified = await supabase.auth.verifyOtp({
      email: 'grace@example.com',
      token: message.token,
      type: 'email',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe('grace@example.com')
    expect((await verifyJwt(verified.data.session!.access_token, CLI_JWT_SECRET))['amr']).toEqual([
      expect.objectContaining({ method: 'otp' }),
    ])
    const again = await client(anonKey).auth.verifyOtp({
      email: 'grace@example.com',
      token: message.token,
      type: 'email',
    })
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    })
  })

  it('signs in with a PKCE magic link: the link gives a code, which the client exchanges', async () => {
    await client(serviceKey).auth.admin.createUser({ email: 'pkce@example.com', email_confirm: true })
    const supabase = client(anonKey, 'pkce')
    expect((await supabase.auth.signInWithOtp({ email: 'pkce@example.com' })).error).toBeNull()
    const link = auth.inbox.latest('pkce@example.com')!.confirmationUrl!
    expect(link).toContain('token=pkce_')
    const redirected = await auth(new Request(link))
    expect(redirected.status).toBe(303)
    const code = new URL(redirected.headers.get('Location')!).searchParams.get('code')!
    const exchanged = await supabase.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe('pkce@example.com')
    expect((await verifyJwt(exchanged.data.session!.access_token, CLI_JWT_SECRET))['amr']).toEqual([
      expect.objectContaining({ method: 'magiclink' }),
    ])
  })

  it('signs in anonymously', async () => {
    const supabase = client(anonKey)
    const { data, error } = await supabase.auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', app_metadata: {}, identities: [] })
    expect(await verifyJwt(data.session!.access_token, CLI_JWT_SECRET)).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      amr: [{ method: 'anonymous' }],
    })
  })

  it('creates, lists and deletes users with the service key, and refuses the anon key', async () => {
    const admin = client(serviceKey).auth.admin
    const created = await admin.createUser({
      email: 'linus@example.com',
      password: 'penguins!',
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    expect(created.data.user).toMatchObject({ email: 'linus@example.com', user_metadata: {} })
    expect(created.data.user!.email_confirmed_at).toBeTruthy()

    const list = await admin.listUsers()
    expect(list.data.users.map((user) => user.email)).toContain('linus@example.com')

    const signIn = await client(anonKey).auth.signInWithPassword({
      email: 'linus@example.com',
      password: 'penguins!',
    })
    expect(signIn.error).toBeNull()

    const refused = await client(anonKey).auth.admin.listUsers()
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })

    const link = await admin.generateLink({ type: 'magiclink', email: 'linus@example.com' })
    expect(link.error).toBeNull()
    expect(link.data.properties).toMatchObject({
      verification_type: 'magiclink',
      email_otp: expect.stringMatching(/^\d{6}$/),
    })
    const viaLink = await client(anonKey).auth.verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: 'magiclink',
    })
    expect(viaLink.data.user?.email).toBe('linus@example.com')

    const invited = await admin.inviteUserByEmail('margaret@example.com')
    expect(invited.error).toBeNull()
    expect(auth.inbox.latest('margaret@example.com')).toMatchObject({
      actionType: 'invite',
      subject: 'You have been invited',
    })

    const deleted = await admin.deleteUser(created.data.user!.id)
    expect(deleted.error).toBeNull()
    expect((await admin.getUserById(created.data.user!.id)).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    })
  })

  it('enrols a TOTP factor and lifts the session to aal2', async () => {
    const supabase = client(anonKey)
    await supabase.auth.signUp({ email: 'mfa@example.com', password: 'two factors' })
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
    expect(enrolled.error).toBeNull()
    const factor = enrolled.data!
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`)
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1\.0"\?>/)
    expect(factor.totp.qr_code).toMatch(
      /<rect x="0" y="0" width="3" height="3" style="fill:black;stroke:none;" \/>/,
    )
    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toBeNull()
    const verified = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: await totpCode(factor.totp.secret),
    })
    expect(verified.error).toBeNull()
    const claims = await verifyJwt(verified.data!.access_token, CLI_JWT_SECRET)
    expect(claims['aal']).toBe('aal2')
    expect((claims['amr'] as { method: string }[]).map((entry) => entry.method).sort()).toEqual([
      'password',
      'totp',
    ])
  })
})
