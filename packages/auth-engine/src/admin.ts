/**
 * The admin API, for a service-role token (internal/api/admin.go, and `adminGenerateLink` in
 * mail.go).
 */
import { adminActor, audit } from './audit'
import { insertUser } from './account'
import type { Context } from './context'
import { requestAud } from './context'
import { generateOtp, isUuid, sha256Base64Url, tokenHash } from './crypto'
import {
  createIdentity,
  createOneTimeToken,
  deleteSessions,
  findDuplicateEmailUser,
  findUserByEmail,
  factorJson,
  findUserById,
  mergeMetadata,
  updateIdentityData,
  updatePassword,
  userJson,
  type User,
} from './db'
import { confirmUser, sendInvite, validateEmail } from './email'
import { badRequest, forbidden, jsonResponse, notFound, unprocessable } from './errors'
import { referrer, isRedirectUrlValid, verifyLink } from './mail'
import { loadFactor } from './mfa'
import { hashPassword, randomPassword } from './passwords'
import { Params, parseJsonBody } from './request'
import { bearerToken, checkPasswordStrength, parseClaims } from './tokens'

type Json = Record<string, unknown>

/** Who the admin API acts as in the audit trail: the CLI's only admin role. */
const admin = adminActor('service_role')

/** `requireAdminCredentials`: a valid token whose role is an admin role. */
export async function requireAdmin(context: Context): Promise<void> {
  const claims = await parseClaims(context.config, bearerToken(context.request))
  if (!context.config.adminRoles.includes(String(claims['role'] ?? ''))) {
    throw forbidden('not_admin', 'User not allowed')
  }
}

/** `loadUser`: the user named in the path. */
export async function loadUser(context: Context, id: string): Promise<User> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID')
  const user = await findUserById(context.db, id)
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

/** Go's time.ParseDuration for the units a ban uses; null when it does not parse. */
function parseDuration(text: string): number | null {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  }
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(text)
  if (!match && text !== '0') return null
  if (text === '0') return 0
  let total = 0
  for (const part of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * units[part[2]!]!
  }
  return match![1] === '-' ? -total : total
}

function banDuration(body: Params): number | null | undefined {
  const text = body.string('ban_duration')
  if (text === '') return undefined
  if (text === 'none') return null
  const ms = parseDuration(text)
  if (ms === null)
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`,
    )
  return ms
}

async function applyBan(context: Context, userId: string, ms: number | null): Promise<void> {
  await context.db.query(
    `update auth.users set banned_until = case when $2::float8 is null or $2::float8 = 0 then null
       else now() + make_interval(secs => $2::float8 / 1000) end, updated_at = now() where id = $1`,
    [userId, ms],
  )
}

/** GET /admin/users?page=&per_page=: newest first, with Link and X-Total-Count. */
export async function listUsers(context: Context): Promise<Response> {
  const query = context.url.searchParams
  const parse = (name: string, fallback: number) => {
    const text = query.get(name)
    if (text === null || text === '') return fallback
    if (!/^\d+$/.test(text)) {
      throw badRequest(
        'validation_failed',
        `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`,
      )
    }
    return Number(text)
  }
  const page = parse('page', 1)
  const perPage = parse('per_page', 50)
  const aud = requestAud(context)
  const filter = query.get('filter') ?? ''
  const where = `aud = $1 ${filter ? `and (email like $2 or raw_user_meta_data->>'full_name' ilike $2)` : ''}`
  const params: unknown[] = filter ? [aud, `%${filter}%`] : [aud]
  const total = Number(
    (
      await context.db.query<{ count: string }>(
        `select count(*) as count from auth.users where ${where}`,
        params,
      )
    ).rows[0]!.count,
  )
  const offset = Math.max(page - 1, 0) * perPage
  const rows = await context.db.query<{ id: string }>(
    `select id from auth.users where ${where} order by created_at desc limit ${perPage} offset ${offset}`,
    params,
  )
  const users: Json[] = []
  for (const row of rows.rows) {
    // The list is read without its identities (no Eager load), so they are null here.
    const user = (await findUserById(context.db, row.id))!
    users.push({ ...userJson({ ...user, factors: [] }), identities: null })
  }
  const pages = perPage === 0 ? 0 : Math.ceil(total / perPage)
  const link = (to: number) => {
    const next = new URLSearchParams(query)
    next.set('page', String(to))
    const sorted = [...next.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `</admin/users?${new URLSearchParams(sorted).toString()}>`
  }
  let header = ''
  if (pages > page) header += `${link(page + 1)}; rel="next", `
  header += `${link(pages)}; rel="last"`
  return jsonResponse(200, { users, aud }, { Link: header, 'X-Total-Count': String(total) })
}

/** POST /admin/users. */
export async function createUser(context: Context): Promise<Response> {
  const { config, db } = context
  const body = new Params(parseJsonBody(context.bodyText), 'AdminUserParams')
  const aud = body.string('aud') || requestAud(context)
  let email = body.string('email')
  const phone = body.string('phone')
  if (email === '' && phone === '')
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone')
  if (phone !== '') throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  email = validateEmail(email)
  if (await findDuplicateEmailUser(db, email, aud, null)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  const password = body.optionalString('password')
  const passwordHash = body.string('password_hash')
  if (password !== undefined && passwordHash !== '') {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided')
  }
  let hash = passwordHash
  if (hash === '') hash = await hashPassword(password || randomPassword(), config.passwordHashCost)
  else if (!/^\$2[aby]\$\d{2}\$/.test(hash))
    throw badRequest('validation_failed', 'crypto/bcrypt: hashedSecret too short to be a bcrypted password')
  const id = body.string('id')
  if (id !== '') {
    if (!isUuid(id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format')
    if (/^0{8}-?0{4}-?0{4}-?0{4}-?0{12}$/.test(id))
      throw badRequest('validation_failed', 'ID cannot be a nil uuid')
  }
  const ban = banDuration(body)
  const userId = await insertUser(context, {
    ...(id ? { id } : {}),
    email,
    passwordHash: hash,
    aud,
    userMetadata: body.object('user_metadata') ?? {},
    appMetadata: { provider: 'email', providers: ['email'] },
  })
  await createIdentity(db, userId, 'email', {
    sub: userId,
    email,
    email_verified: false,
    phone_verified: false,
  })
  await audit(db, admin, 'user_signedup', { user_email: email, user_id: userId, user_phone: '' })
  const role = body.string('role')
  if (role !== '') await db.query(`update auth.users set role = $2 where id = $1`, [userId, role])
  const appMetadata = body.object('app_metadata')
  if (appMetadata) await mergeMetadata(db, userId, 'raw_app_meta_data', appMetadata)
  if (body.bool('email_confirm')) await confirmUser(context, userId)
  if (ban !== undefined) await applyBan(context, userId, ban)
  return jsonResponse(200, userJson((await findUserById(db, userId))!))
}

/** GET /admin/users/{id}. */
export async function getUserById(context: Context, id: string): Promise<Response> {
  return jsonResponse(200, userJson(await loadUser(context, id)))
}

/** PUT /admin/users/{id}. */
export async function updateUserById(context: Context, id: string): Promise<Response> {
  const { config, db } = context
  const user = await loadUser(context, id)
  const body = new Params(parseJsonBody(context.bodyText), 'AdminUserParams')
  let email = body.string('email')
  if (email !== '') email = validateEmail(email)
  if (body.string('phone') !== '')
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  const ban = banDuration(body)
  const password = body.optionalString('password')
  let hash: string | null = null
  if (password !== undefined) {
    checkPasswordStrength(config, password)
    hash = password === '' ? null : await hashPassword(password, config.passwordHashCost)
  }
  const role = body.string('role')
  if (role !== '') await db.query(`update auth.users set role = $2 where id = $1`, [user.id, role])
  const emailConfirm = body.bool('email_confirm')
  if (emailConfirm) await confirmUser(context, user.id)
  if (password !== undefined) await updatePassword(db, user.id, hash)
  if (email !== '') {
    const updated = await updateIdentityData(db, user.id, 'email', { email, email_verified: emailConfirm })
    if (!updated) {
      await createIdentity(db, user.id, 'email', {
        sub: user.id,
        email,
        email_verified: emailConfirm,
        phone_verified: false,
      })
    }
    await db.query(
      `update auth.users set email = $2, is_anonymous = case when $3 then false else is_anonymous end, updated_at = now()
       where id = $1`,
      [user.id, email, emailConfirm],
    )
  }
  const appMetadata = body.object('app_metadata')
  if (appMetadata) await mergeMetadata(db, user.id, 'raw_app_meta_data', appMetadata)
  const userMetadata = body.object('user_metadata')
  if (userMetadata) await mergeMetadata(db, user.id, 'raw_user_meta_data', userMetadata)
  if (ban !== undefined) await applyBan(context, user.id, ban)
  const updated = (await findUserById(db, user.id))!
  await audit(db, admin, 'user_modified', {
    user_email: updated.email ?? '',
    user_id: updated.id,
    user_phone: updated.phone ?? '',
  })
  return jsonResponse(200, userJson(updated))
}

/** DELETE /admin/users/{id}: gone, or with `should_soft_delete` kept with its details scrambled. */
export async function deleteUserById(context: Context, id: string): Promise<Response> {
  const user = await loadUser(context, id)
  await audit(context.db, admin, 'user_deleted', {
    user_email: user.email ?? '',
    user_id: user.id,
    user_phone: user.phone ?? '',
  })
  const soft =
    context.bodyText.trim() === ''
      ? false
      : new Params(parseJsonBody(context.bodyText), 'adminUserDeleteParams').bool('should_soft_delete')
  if (!soft) {
    await context.db.query(`delete from auth.users where id = $1`, [user.id])
  } else if (!user.deleted_at) {
    // SoftDeleteUser: the address and phone become hashes of themselves, secrets and metadata go.
    const obfuscate = (value: string) => sha256Base64Url(user.id + value)
    await context.db.query(
      `update auth.users set email = $2, phone = $3, encrypted_password = null, email_change = $4, phone_change = $5,
         confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
         phone_change_token = '', deleted_at = now(), raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now()
       where id = $1`,
      [
        user.id,
        await obfuscate(user.email ?? ''),
        (await obfuscate(user.phone ?? '')).slice(0, 15),
        await obfuscate(user.email_change ?? ''),
        (await obfuscate(user.phone_change ?? '')).slice(0, 15),
      ],
    )
    for (const identity of user.identities) {
      await context.db.query(
        `update auth.identities set identity_data = '{}', provider_id = $2 where id = $1`,
        [identity.id, await sha256Base64Url(user.id + `${identity.provider}:${identity.provider_id}`)],
      )
    }
    await context.db.query(`delete from auth.one_time_tokens where user_id = $1`, [user.id])
    await context.db.query(`delete from auth.mfa_factors where user_id = $1`, [user.id])
    await deleteSessions(context.db, user.id)
  }
  return jsonResponse(200, {})
}

/** POST /invite: an account without a password, and the invitation e-mail (`Invite`). */
export async function invite(context: Context): Promise<Response> {
  const { db } = context
  const body = new Params(parseJsonBody(context.bodyText), 'InviteParams')
  const email = validateEmail(body.string('email'))
  const aud = requestAud(context)
  let user = await findUserByEmail(db, email, aud)
  if (user?.email_confirmed_at) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  if (!user) {
    const id = await insertUser(context, {
      email,
      passwordHash: '',
      aud,
      userMetadata: body.object('data') ?? {},
      appMetadata: { provider: 'email', providers: ['email'] },
    })
    await createIdentity(db, id, 'email', { sub: id, email, email_verified: false, phone_verified: false })
    user = (await findUserById(db, id))!
  }
  await audit(db, admin, 'user_invited', { user_email: user.email ?? '', user_id: user.id })
  await sendInvite(context, user)
  return jsonResponse(200, userJson((await findUserById(db, user.id))!))
}

/** POST /admin/generate_link: the link (and code) an e-mail would carry, without sending it. */
export async function generateLink(context: Context): Promise<Response> {
  const { config, db } = context
  const body = new Params(parseJsonBody(context.bodyText), 'GenerateLinkParams')
  let type = body.string('type')
  const email = validateEmail(body.string('email'))
  let password = body.string('password')
  const data = body.object('data') ?? {}
  const requested = body.string('redirect_to')
  const redirectTo = isRedirectUrlValid(config, requested)
    ? requested
    : referrer(config, context.request, context.url)
  const aud = requestAud(context)
  let user = await findUserByEmail(db, email, aud)
  if (!user) {
    if (type === 'magiclink') {
      type = 'signup'
      password = randomPassword()
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw notFound('user_not_found', 'User with this email not found')
    }
  }
  const otp = generateOtp(config.otpLength)
  const hashed = tokenHash(email, otp)
  if (type === 'signup' && !user) {
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password')
    checkPasswordStrength(config, password)
  }
  const createAccount = async () => {
    const id = await insertUser(context, {
      email,
      passwordHash: password ? await hashPassword(password, config.passwordHashCost) : '',
      aud,
      userMetadata: data,
      appMetadata: { provider: 'email', providers: ['email'] },
    })
    await createIdentity(db, id, 'email', { sub: id, email, email_verified: false, phone_verified: false })
    return (await findUserById(db, id))!
  }
  let linkType = type
  let linkHash = hashed
  switch (type) {
    case 'magiclink':
    case 'recovery':
      await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [
        user!.id,
        hashed,
      ])
      await createOneTimeToken(db, user!.id, user!.email ?? '', hashed, 'recovery_token')
      break
    case 'invite':
    case 'signup':
      if (user?.email_confirmed_at) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered')
      }
      if (user && type === 'signup') await mergeMetadata(db, user.id, 'raw_user_meta_data', data)
      user ??= await createAccount()
      await db.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now()
           ${type === 'invite' ? ', invited_at = now()' : ''} where id = $1`,
        [user.id, hashed],
      )
      await createOneTimeToken(db, user.id, user.email ?? '', hashed, 'confirmation_token')
      break
    case 'email_change_current':
    case 'email_change_new': {
      if (!config.secureEmailChange && type === 'email_change_current') {
        throw badRequest('validation_failed', 'Enable secure email change to generate link for current email')
      }
      const newEmail = validateEmail(body.string('new_email'))
      if (await findDuplicateEmailUser(db, newEmail, user!.aud ?? aud, user!.id)) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered')
      }
      const current = type === 'email_change_current' ? hashed : ''
      const next = type === 'email_change_new' ? tokenHash(newEmail, otp) : ''
      await db.query(
        `update auth.users set email_change_sent_at = now(), email_change = $2, email_change_confirm_status = 0,
           email_change_token_current = $3, email_change_token_new = $4 where id = $1`,
        [user!.id, newEmail, current, next],
      )
      if (current)
        await createOneTimeToken(db, user!.id, user!.email ?? '', current, 'email_change_token_current')
      if (next) await createOneTimeToken(db, user!.id, newEmail, next, 'email_change_token_new')
      linkType = 'email_change'
      linkHash = current || next
      break
    }
    default:
      throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`)
  }
  const fresh = (await findUserById(db, user!.id))!
  return jsonResponse(200, {
    ...userJson(fresh),
    action_link: verifyLink(config, linkHash, linkType, redirectTo),
    email_otp: otp,
    hashed_token: hashed,
    verification_type: type,
    redirect_to: redirectTo,
  })
}

/** GET /admin/users/{id}/factors: the user's factors as `user.Factors` (none: `null`, a nil slice). */
export async function listUserFactors(context: Context, userId: string): Promise<Response> {
  const user = await loadUser(context, userId)
  return jsonResponse(200, user.factors.length > 0 ? user.factors.map(factorJson) : null)
}

/**
 * DELETE /admin/users/{id}/factors/{factor_id}: answers with the deleted factor. As in GoTrue,
 * `loadFactor` finds the factor by its id alone.
 */
export async function deleteUserFactor(
  context: Context,
  userId: string,
  factorId: string,
): Promise<Response> {
  const user = await loadUser(context, userId)
  const factor = await loadFactor(context, factorId)
  await audit(context.db, user, 'factor_deleted', { factor_id: factor.id, user_id: user.id })
  await context.db.query(`delete from auth.mfa_factors where id = $1`, [factor.id])
  return jsonResponse(200, factorJson(factor))
}
