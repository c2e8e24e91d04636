import type { PGliteInterface } from '@electric-sql/pglite'

export interface NewAuthUser {
  /** Generated when left out. */
  id?: string
  email: string
  /** What the app passed as `options.data` at sign-up; stored in `raw_user_meta_data`. */
  userMetadata?: Record<string, unknown>
  /** Provider and role data the user cannot change; stored in `raw_app_meta_data`. */
  appMetadata?: Record<string, unknown>
}

export interface AuthUser {
  id: string
  email: string
  userMetadata: Record<string, unknown>
}

interface AuthUserRow {
  id: string
  email: string
  raw_user_meta_data: Record<string, unknown>
}

/**
 * Inserts a row into `auth.users` the way the auth service does at sign-up: as the database
 * owner, outside any API role, so triggers on `auth.users` fire as they would on the platform.
 */
export async function createAuthUser(db: PGliteInterface, user: NewAuthUser): Promise<AuthUser> {
  const result = await db.query<AuthUserRow>(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values (coalesce($1::uuid, gen_random_uuid()), $2, now(), $3::jsonb, $4::jsonb)
     returning id, email, raw_user_meta_data`,
    [
      user.id ?? null,
      user.email,
      JSON.stringify(user.userMetadata ?? {}),
      JSON.stringify({ provider: 'email', providers: ['email'], ...user.appMetadata }),
    ],
  )
  const row = result.rows[0]
  if (row === undefined) throw new Error(`createAuthUser: no row came back for ${user.email}`)
  return { id: row.id, email: row.email, userMetadata: row.raw_user_meta_data }
}
