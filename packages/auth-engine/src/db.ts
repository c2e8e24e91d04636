/**
 * The database side: the client the engine needs, and GoTrue's rows (internal/models) read from
 * `auth.*` and written out as its JSON.
 */

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** What the engine needs of a Postgres client: PGlite fits. */
export interface SqlClient extends SqlRunner {
  transaction<T>(run: (tx: SqlRunner) => Promise<T>): Promise<T>
}

/** A timestamp as Go's encoding/json writes a time.Time read from Postgres (RFC 3339, UTC). */
export const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** Go drops trailing zeros of the fraction, and the dot with them. */
export function goTime(value: string | null): string | null {
  if (value === null) return null
  return value.replace(/\.(\d*?)0*Z$/, (_, digits: string) => (digits ? `.${digits}Z` : 'Z'))
}

type Json = Record<string, unknown>

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: string | null
  invited_at: string | null
  phone: string | null
  phone_confirmed_at: string | null
  confirmation_token: string | null
  confirmation_sent_at: string | null
  confirmed_at: string | null
  recovery_token: string | null
  recovery_sent_at: string | null
  email_change_token_current: string | null
  email_change_token_new: string | null
  email_change: string | null
  email_change_sent_at: string | null
  email_change_confirm_status: number | null
  phone_change: string | null
  phone_change_sent_at: string | null
  reauthentication_sent_at: string | null
  last_sign_in_at: string | null
  raw_app_meta_data: Json | null
  raw_user_meta_data: Json | null
  created_at: string | null
  updated_at: string | null
  banned_until: string | null
  banned: boolean
  deleted_at: string | null
  is_anonymous: boolean
  is_sso_user: boolean
}

const userColumns = `id, aud, role, email, encrypted_password, ${ts('email_confirmed_at')} as email_confirmed_at,
  ${ts('invited_at')} as invited_at, phone, ${ts('phone_confirmed_at')} as phone_confirmed_at,
  confirmation_token, ${ts('confirmation_sent_at')} as confirmation_sent_at, ${ts('confirmed_at')} as confirmed_at,
  recovery_token, ${ts('recovery_sent_at')} as recovery_sent_at, email_change_token_current, email_change_token_new,
  email_change, ${ts('email_change_sent_at')} as email_change_sent_at, email_change_confirm_status, phone_change,
  ${ts('phone_change_sent_at')} as phone_change_sent_at, ${ts('reauthentication_sent_at')} as reauthentication_sent_at,
  ${ts('last_sign_in_at')} as last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  ${ts('created_at')} as created_at, ${ts('updated_at')} as updated_at, ${ts('banned_until')} as banned_until,
  coalesce(banned_until > now(), false) as banned, ${ts('deleted_at')} as deleted_at, is_anonymous, is_sso_user`

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Json
  provider: string
  last_sign_in_at: string | null
  created_at: string | null
  updated_at: string | null
  email: string | null
}

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: string
  secret: string | null
  created_at: string
  updated_at: string
}

/** A user with the identities and factors GoTrue loads with it (`Eager()`). */
export interface User extends UserRow {
  identities: IdentityRow[]
  factors: FactorRow[]
}

const identityJsonSql = `json_build_object('id', i.id, 'provider_id', i.provider_id, 'user_id', i.user_id,
  'identity_data', i.identity_data, 'provider', i.provider, 'last_sign_in_at', ${ts('i.last_sign_in_at')},
  'created_at', ${ts('i.created_at')}, 'updated_at', ${ts('i.updated_at')}, 'email', i.email)`

const factorJsonSql = `json_build_object('id', f.id, 'user_id', f.user_id, 'friendly_name', f.friendly_name,
  'factor_type', f.factor_type, 'status', f.status, 'secret', f.secret,
  'created_at', ${ts('f.created_at')}, 'updated_at', ${ts('f.updated_at')})`

/** One statement: the user, its identities and its factors. */
async function findUser(db: SqlRunner, where: string, params: unknown[]): Promise<User | null> {
  const row = (
    await db.query<User>(
      `select ${userColumns},
         (select coalesce(json_agg(${identityJsonSql} order by i.created_at, i.id), '[]')
          from auth.identities i where i.user_id = u.id) as identities,
         (select coalesce(json_agg(${factorJsonSql} order by f.created_at, f.id), '[]')
          from auth.mfa_factors f where f.user_id = u.id) as factors
       from auth.users u where ${where} limit 1`,
      params,
    )
  ).rows[0]
  return row ?? null
}

export const findUserById = (db: SqlRunner, id: string) => findUser(db, 'id = $1', [id])

/** `FindUserByEmailAndAudience`: case-insensitive, SSO users aside. */
export const findUserByEmail = (db: SqlRunner, email: string, aud: string) =>
  findUser(db, 'lower(email) = $1 and aud = $2 and is_sso_user = false', [email.toLowerCase(), aud])

export const findUserByPhone = (db: SqlRunner, phone: string, aud: string) =>
  findUser(db, 'phone = $1 and aud = $2 and is_sso_user = false', [phone, aud])

/**
 * `IsDuplicatedEmail`: a user of the audience other than `currentUserId` that holds the address,
 * through an identity or as its own e-mail.
 */
export async function findDuplicateEmailUser(
  db: SqlRunner,
  email: string,
  aud: string,
  currentUserId: string | null,
): Promise<User | null> {
  const owners = await db.query<{ user_id: string }>(
    `select distinct i.user_id from auth.identities i join auth.users u on u.id = i.user_id
     where i.email = $1 and i.provider not like 'sso:%' and u.aud = $2 and i.user_id is distinct from $3`,
    [email.toLowerCase(), aud, currentUserId],
  )
  const owner = owners.rows[0]
  if (owner) return findUserById(db, owner.user_id)
  return findUserByEmail(db, email, aud)
}

function identityJson(identity: IdentityRow): Json {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    ...optional('last_sign_in_at', goTime(identity.last_sign_in_at)),
    created_at: goTime(identity.created_at) ?? '0001-01-01T00:00:00Z',
    updated_at: goTime(identity.updated_at) ?? '0001-01-01T00:00:00Z',
    ...(identity.email ? { email: identity.email } : {}),
  }
}

export function factorJson(factor: FactorRow): Json {
  return {
    id: factor.id,
    created_at: goTime(factor.created_at),
    updated_at: goTime(factor.updated_at),
    status: factor.status,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
  }
}

function optional(key: string, value: string | null | undefined): Json {
  return value ? { [key]: value } : {}
}

/** models.User as GoTrue writes it (its struct's field order and `omitempty`s). */
export function userJson(user: User): Json {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    ...optional('email_confirmed_at', goTime(user.email_confirmed_at)),
    ...optional('invited_at', goTime(user.invited_at)),
    phone: user.phone ?? '',
    ...optional('phone_confirmed_at', goTime(user.phone_confirmed_at)),
    ...optional('confirmation_sent_at', goTime(user.confirmation_sent_at)),
    ...optional('confirmed_at', goTime(user.confirmed_at)),
    ...optional('recovery_sent_at', goTime(user.recovery_sent_at)),
    ...optional('new_email', user.email_change),
    ...optional('email_change_sent_at', goTime(user.email_change_sent_at)),
    ...optional('new_phone', user.phone_change),
    ...optional('phone_change_sent_at', goTime(user.phone_change_sent_at)),
    ...optional('reauthentication_sent_at', goTime(user.reauthentication_sent_at)),
    ...optional('last_sign_in_at', goTime(user.last_sign_in_at)),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    ...(user.factors.length > 0 ? { factors: user.factors.map(factorJson) } : {}),
    identities: user.identities.map(identityJson),
    created_at: goTime(user.created_at) ?? '0001-01-01T00:00:00Z',
    updated_at: goTime(user.updated_at) ?? '0001-01-01T00:00:00Z',
    ...optional('banned_until', goTime(user.banned_until)),
    ...optional('deleted_at', goTime(user.deleted_at)),
    is_anonymous: user.is_anonymous,
  }
}

/** Providers of the user's identities, in the order they were linked (`FindProvidersByUser`). */
export async function updateProvidersInAppMetadata(db: SqlRunner, userId: string): Promise<void> {
  await db.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || (
       select case when count(*) = 0 then jsonb_build_object('providers', '[]'::jsonb)
         else jsonb_build_object('provider', (array_agg(provider order by first_seen))[1],
                                 'providers', jsonb_agg(provider order by first_seen)) end
       from (select provider, min(created_at) as first_seen from auth.identities where user_id = $1 group by provider) p
     ) where id = $1`,
    [userId],
  )
}

/**
 * Merges `updates` into a JSON column the way GoTrue's UpdateUserMetaData/UpdateAppMetaData do:
 * a null value removes the key.
 */
export async function mergeMetadata(
  db: SqlRunner,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  updates: Json,
): Promise<void> {
  await db.query(
    `update auth.users set ${column} = (
       select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(coalesce(${column}, '{}'::jsonb) || $2::jsonb)
       where jsonb_typeof(value) <> 'null'
     ) where id = $1`,
    [userId, JSON.stringify(updates)],
  )
}

/** `ClearAllOneTimeTokensForUser` / `CreateOneTimeToken`. */
export async function clearOneTimeTokens(db: SqlRunner, userId: string, tokenType?: string): Promise<void> {
  if (tokenType) {
    await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [
      userId,
      tokenType,
    ])
  } else {
    await db.query(`delete from auth.one_time_tokens where user_id = $1`, [userId])
  }
}

export async function createOneTimeToken(
  db: SqlRunner,
  userId: string,
  relatesTo: string,
  tokenHash: string,
  tokenType: string,
): Promise<void> {
  await clearOneTimeTokens(db, userId, tokenType)
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values (gen_random_uuid(), $1, $2, $3, $4)`,
    [userId, tokenType, tokenHash, relatesTo.toLowerCase()],
  )
}

/** The user a one-time token of one of `types` belongs to (`FindOneTimeToken`). */
export async function findUserByOneTimeToken(
  db: SqlRunner,
  hash: string,
  types: string[],
): Promise<User | null> {
  const row = (
    await db.query<{ user_id: string }>(
      `select user_id from auth.one_time_tokens where token_hash = $1 and token_type::text = any($2) limit 1`,
      [hash, types],
    )
  ).rows[0]
  return row ? findUserById(db, row.user_id) : null
}

/** `NewIdentity` + create. */
export async function createIdentity(
  db: SqlRunner,
  userId: string,
  provider: string,
  identityData: Json,
): Promise<void> {
  const data = { ...identityData }
  if (typeof data['email'] === 'string') data['email'] = data['email'].toLowerCase()
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [String(data['sub']), userId, JSON.stringify(data), provider],
  )
}

/** `Identity.UpdateIdentityData`: merge, a null value removes the key. */
export async function updateIdentityData(
  db: SqlRunner,
  userId: string,
  provider: string,
  updates: Json,
): Promise<boolean> {
  const result = await db.query(
    `update auth.identities set identity_data = (
       select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(identity_data || $3::jsonb)
       where jsonb_typeof(value) <> 'null'
     ), updated_at = now() where user_id = $1 and provider = $2 and provider_id = $1::text returning id`,
    [userId, provider, JSON.stringify(updates)],
  )
  return result.rows.length > 0
}

/** Signs the user out everywhere, or everywhere but one session (`Logout`, `LogoutAllExceptMe`). */
export async function deleteSessions(db: SqlRunner, userId: string, exceptSessionId?: string): Promise<void> {
  if (exceptSessionId) {
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, exceptSessionId])
  } else {
    await db.query(`delete from auth.sessions where user_id = $1`, [userId])
  }
}

/**
 * `User.UpdatePassword`: the new hash (null for none), every pending token cleared, and every
 * session of the user ended but `keepSessionId`.
 */
export async function updatePassword(
  db: SqlRunner,
  userId: string,
  hash: string | null,
  keepSessionId?: string,
): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, hash],
  )
  await clearOneTimeTokens(db, userId)
  await deleteSessions(db, userId, keepSessionId)
}
