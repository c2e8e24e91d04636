/**
 * Makes the project an auth or storage example runs against (`platform` in the spec): a fresh
 * platform over the database (every auth and storage row of the last run removed, new engines, an
 * empty inbox and file store), then the users, factors, buckets and files of the setup through the
 * platform's own APIs with the service key, as a developer would make them. The example's client
 * signs in when the setup asks, and the values its hidden preamble declares are made.
 */
import { totpCode } from '@docs/auth-engine'
import { createPagePlatform, type PagePlatform } from '@docs/page-platform'
import type { PGliteInterface } from '@electric-sql/pglite'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { ExamplePlatform, SetupGiven } from '../schemas/client-library-spec'
import type { GivenValues } from './runnable-example'
import { NoRealtime } from './run-with-client'

export function platformClient(platform: PagePlatform, key: string): SupabaseClient {
  return createClient(platform.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { fetch: platform.fetch },
  })
}

/**
 * Empties every table of `auth` and `storage` and restarts their sequences: the database is as
 * the platform schema left it. Rows are deleted with triggers and foreign keys off (replica
 * role), which for a few rows takes a tenth of the time of TRUNCATE, whose new files per table
 * PGlite writes one by one.
 */
export async function resetPlatformData(db: PGliteInterface): Promise<void> {
  const { rows } = await db.query<{ statement: string }>(
    `select format('delete from %I.%I;', schemaname, tablename) as statement from pg_tables
     where schemaname in ('auth', 'storage')
     union all
     select format('alter sequence %I.%I restart;', schemaname, sequencename) from pg_sequences
     where schemaname in ('auth', 'storage')`,
  )
  if (rows.length === 0) return
  await db.exec(
    `set session_replication_role = replica;
     ${rows.map((row) => row.statement).join('\n')}
     reset session_replication_role;`,
  )
}

export interface PreparedPlatform {
  platform: PagePlatform
  /** The example's client: made with the setup's key, signed in when it asks. */
  client: SupabaseClient
  given: GivenValues
}

function unwrap<R extends { data: unknown; error: unknown }>(
  what: string,
  outcome: R,
): NonNullable<R['data']> {
  if (outcome.error) {
    const message = outcome.error instanceof Error ? outcome.error.message : JSON.stringify(outcome.error)
    throw new Error(`The setup could not ${what}: ${message}`)
  }
  return outcome.data as NonNullable<R['data']>
}

interface Factor {
  id: string
  secret: string
}

export async function preparePlatform(
  db: PGliteInterface,
  setup: ExamplePlatform,
  /** Extra engine settings (a test may lower the bcrypt cost). */
  authOptions: { passwordHashCost?: number } = {},
): Promise<PreparedPlatform> {
  await resetPlatformData(db)
  const platform = await createPagePlatform(db, {
    auth: {
      ...authOptions,
      ...(setup.auth?.enableAnonymousSignIns !== undefined
        ? { enableAnonymousSignIns: setup.auth.enableAnonymousSignIns }
        : {}),
      ...(setup.auth?.enableConfirmations !== undefined
        ? { email: { enableConfirmations: setup.auth.enableConfirmations } }
        : {}),
    },
  })
  const admin = platformClient(platform, platform.serviceRoleKey)
  const factors = new Map<string, Factor>()

  for (const user of setup.users) {
    if (user.phone !== undefined) {
      const own = platformClient(platform, platform.anonKey)
      unwrap(`sign up ${user.phone}`, await own.auth.signUp({ phone: user.phone, password: user.password! }))
      continue
    }
    unwrap(
      `create ${user.email}`,
      await admin.auth.admin.createUser({
        ...(user.id ? { id: user.id } : {}),
        email: user.email!,
        ...(user.password ? { password: user.password } : {}),
        email_confirm: user.confirmed,
        ...(user.user_metadata ? { user_metadata: user.user_metadata } : {}),
        ...(user.app_metadata ? { app_metadata: user.app_metadata } : {}),
      }),
    )
    if (user.factors.length === 0) continue
    const own = platformClient(platform, platform.anonKey)
    unwrap(
      `sign in as ${user.email}`,
      await own.auth.signInWithPassword({ email: user.email!, password: user.password! }),
    )
    for (const factor of user.factors) {
      const enrolled = unwrap(
        `enrol ${factor.friendly_name}`,
        await own.auth.mfa.enroll({ factorType: 'totp', friendlyName: factor.friendly_name }),
      )
      factors.set(factor.friendly_name, { id: enrolled.id, secret: enrolled.totp.secret })
      if (factor.verified) {
        const code = await totpCode(enrolled.totp.secret)
        unwrap(
          `verify ${factor.friendly_name}`,
          await own.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code }),
        )
      }
    }
  }

  for (const bucket of setup.buckets) {
    unwrap(
      `create the bucket ${bucket.id}`,
      await admin.storage.createBucket(bucket.id, {
        public: bucket.public,
        ...(bucket.file_size_limit !== undefined ? { fileSizeLimit: bucket.file_size_limit } : {}),
        ...(bucket.allowed_mime_types ? { allowedMimeTypes: bucket.allowed_mime_types } : {}),
      }),
    )
  }
  for (const object of setup.objects) {
    unwrap(
      `upload ${object.bucket}/${object.name}`,
      await admin.storage
        .from(object.bucket)
        .upload(object.name, new Blob([object.text], { type: object.type }), { contentType: object.type }),
    )
  }

  const key = setup.key === 'service_role' ? platform.serviceRoleKey : platform.anonKey
  const client = platformClient(platform, key)
  if (setup.signedInAs !== undefined) {
    const user = setup.users.find((candidate) => (candidate.email ?? candidate.phone) === setup.signedInAs)!
    const password = user.password!
    unwrap(
      `sign in as ${setup.signedInAs}`,
      await client.auth.signInWithPassword(
        user.email !== undefined ? { email: user.email, password } : { phone: user.phone!, password },
      ),
    )
    if (setup.signedInWithFactor !== undefined) {
      const factor = factors.get(setup.signedInWithFactor)!
      unwrap(
        `verify ${setup.signedInWithFactor}`,
        await client.auth.mfa.challengeAndVerify({
          factorId: factor.id,
          code: await totpCode(factor.secret),
        }),
      )
    }
  }

  const given: GivenValues = {}
  for (const [name, what] of Object.entries(setup.given)) {
    given[name] = await makeGiven(what, { platform, admin, client, factors })
  }
  return { platform, client, given }
}

const fileOf = ({ name, type, text }: { name: string; type: string; text: string }) =>
  new File([text], name, { type })

async function makeGiven(
  what: SetupGiven,
  context: {
    platform: PagePlatform
    admin: SupabaseClient
    client: SupabaseClient
    factors: Map<string, Factor>
  },
): Promise<unknown> {
  const { platform, admin, client, factors } = context
  if ('file' in what) return fileOf(what.file)
  if ('fileInput' in what) return { files: [fileOf(what.fileInput)] }
  if ('resolves' in what) return () => Promise.resolve(what.resolves)
  if ('appState' in what) {
    const state = what.appState
    return { addEventListener: (_event: string, listener: (state: string) => void) => listener(state) }
  }
  if ('factorId' in what) return factors.get(what.factorId)!.id
  if ('challengeId' in what) {
    const challenge = unwrap(
      `challenge ${what.challengeId}`,
      await client.auth.mfa.challenge({ factorId: factors.get(what.challengeId)!.id }),
    )
    return challenge.id
  }
  if ('totpCode' in what) return totpCode(factors.get(what.totpCode)!.secret)
  if ('emailCode' in what || 'emailLink' in what) {
    const email = 'emailCode' in what ? what.emailCode : what.emailLink.email
    const aside = platformClient(platform, platform.anonKey)
    unwrap(
      `send a code to ${email}`,
      await aside.auth.signInWithOtp({ email, options: { shouldCreateUser: false } }),
    )
    const mail = platform.inbox.latest(email)
    if (!mail) throw new Error(`The setup could not send a code to ${email}`)
    if ('emailCode' in what) return mail.token
    const url = new URL(what.emailLink.url)
    url.searchParams.set('token_hash', mail.tokenHash)
    url.searchParams.set('type', 'email')
    return url
  }
  if ('session' in what) {
    const { session } = unwrap('read the session', await client.auth.getSession())
    if (!session) throw new Error('The setup has no session to give')
    if (what.session === 'both') return { access: session.access_token, refresh: session.refresh_token }
    return session[what.session]
  }
  if ('authorizedRequest' in what) {
    const { session } = unwrap('read the session', await client.auth.getSession())
    return new Request(what.authorizedRequest, {
      headers: { Authorization: `Bearer ${session!.access_token}` },
    })
  }
  const signed = unwrap(
    `sign an upload URL for ${what.signedUploadToken.path}`,
    await admin.storage
      .from(what.signedUploadToken.bucket)
      .createSignedUploadUrl(what.signedUploadToken.path),
  )
  return signed.token
}
