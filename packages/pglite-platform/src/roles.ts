import type { PGliteInterface, Transaction } from '@electric-sql/pglite'

/** The database roles the platform's API gateway runs requests as. */
export type PlatformRole = 'anon' | 'authenticated' | 'service_role'

export const platformRoles: readonly PlatformRole[] = ['anon', 'authenticated', 'service_role']

/**
 * The payload of a platform JWT. `role` is not listed: `asRole` writes it from its role argument
 * so that the database role and the claim can never disagree.
 */
export interface JwtClaims {
  sub?: string
  email?: string
  aud?: string
  role?: never
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
  [claim: string]: unknown
}

/** The part of a user that ends up in an access token. */
export interface ClaimsSubject {
  id: string
  email?: string | null
}

/** The claims of a signed-in user's access token, as the auth service issues them. */
export function authenticatedClaims(user: ClaimsSubject, extra: JwtClaims = {}): JwtClaims {
  return {
    aud: 'authenticated',
    sub: user.id,
    ...(user.email ? { email: user.email } : {}),
    ...extra,
  }
}

function isPlatformRole(value: unknown): value is PlatformRole {
  return typeof value === 'string' && (platformRoles as readonly string[]).includes(value)
}

/**
 * Runs `run` in one transaction as `role`, with `claims` in the `request.jwt.claims` setting,
 * the way the API gateway runs a request. The transaction commits when `run` resolves and rolls
 * back when it throws (the error is passed on).
 */
export async function asRole<T>(
  db: PGliteInterface,
  role: PlatformRole,
  claims: JwtClaims | null,
  run: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // The role is spliced into SET ROLE, so it is checked even for callers without types.
  if (!isPlatformRole(role)) {
    throw new TypeError(
      `asRole: unknown role ${JSON.stringify(role)}; expected one of ${platformRoles.join(', ')}`,
    )
  }
  const claimedRole: unknown = claims?.['role']
  if (claimedRole !== undefined && claimedRole !== role) {
    throw new TypeError(
      `asRole: claims.role ${JSON.stringify(claimedRole)} disagrees with role "${role}"; leave it out`,
    )
  }
  const payload = JSON.stringify({ ...claims, role })
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [payload])
    await tx.exec(`set local role ${role}`)
    return run(tx)
  })
}

/** `asRole` for a visitor who is not signed in (the anon key alone). */
export function asAnon<T>(db: PGliteInterface, run: (tx: Transaction) => Promise<T>): Promise<T> {
  return asRole(db, 'anon', null, run)
}

/** `asRole` for a signed-in user, with the claims of their access token. */
export function asUser<T>(
  db: PGliteInterface,
  user: ClaimsSubject,
  run: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return asRole(db, 'authenticated', authenticatedClaims(user), run)
}
