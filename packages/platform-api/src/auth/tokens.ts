import { SignJWT, jwtVerify, errors } from 'jose'
import { MemoryRevocationList, type RevocationList } from './revocations'

const ISSUER = 'platform-api-local'
const AUDIENCE = 'docs'
/** How far a token's `iat` may be ahead of this server's clock (another server's clock may run fast). */
export const CLOCK_SKEW_SECONDS = 60

export interface IssuedToken {
  token: string
  /** Expiry in seconds since the epoch, as in the token's `exp` claim. */
  expiresAt: number
}

export interface VerifiedToken {
  userId: string
  tokenId: string
  expiresAt: number
}

export type TokenCheck =
  | { ok: true; token: VerifiedToken }
  | { ok: false; reason: string }
  /** The revocation list could not be read: neither accepted nor refused. */
  | { ok: false; unavailable: true; reason: string }

export interface TokenServiceOptions {
  secret: Uint8Array
  ttlSeconds: number
  /** Current time in milliseconds; injectable so tests can move past the expiry. */
  now?: () => number
  /** Where sign-outs are kept; in this process only when not given. */
  revocations?: RevocationList
  /**
   * The id of the database that holds `revocations` (store-identity.ts). Tokens carry it in their
   * `store` claim and are accepted only by servers on that same database, so a sign-out cannot be
   * undone by pointing a server with the same secret at another database.
   */
  storeId?: string
}

/** The claim that names the database a token's sign-out is recorded in. */
const STORE_CLAIM = 'store'

/**
 * Signs and checks the sign-in tokens (HS256 JWTs with an expiry). Sign-out revokes a token by its
 * id until it would have expired anyway, so a copied token stops working at once. A token issued
 * more than CLOCK_SKEW_SECONDS in the future is refused, and so is one issued over another
 * database than this server's (`storeId`).
 */
export class TokenService {
  private readonly now: () => number
  private readonly revocations: RevocationList

  constructor(private readonly options: TokenServiceOptions) {
    this.now = options.now ?? Date.now
    this.revocations = options.revocations ?? new MemoryRevocationList(this.now)
  }

  async issue(userId: string): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now() / 1000)
    const expiresAt = issuedAt + this.options.ttlSeconds
    const claims = this.options.storeId ? { [STORE_CLAIM]: this.options.storeId } : {}
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(crypto.randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.options.secret)
    return { token, expiresAt }
  }

  async verify(token: string): Promise<TokenCheck> {
    let payload
    try {
      ;({ payload } = await jwtVerify(token, this.options.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      }))
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'Token has expired' }
      return { ok: false, reason: 'Token is not valid' }
    }
    if (!payload.sub || !payload.jti || payload.exp === undefined || payload.iat === undefined) {
      return { ok: false, reason: 'Token is missing required claims' }
    }
    if (payload.iat > this.now() / 1000 + CLOCK_SKEW_SECONDS) {
      return { ok: false, reason: 'Token was issued in the future' }
    }
    if (this.options.storeId && payload[STORE_CLAIM] !== this.options.storeId) {
      return { ok: false, reason: 'Token was issued over other data: sign in again' }
    }
    let revoked: boolean
    try {
      revoked = await this.revocations.isRevoked(payload.jti)
    } catch (error) {
      console.error(`platform-api: cannot read signed-out tokens: ${(error as Error).message}`)
      return { ok: false, unavailable: true, reason: 'Sign-in state is unavailable right now' }
    }
    if (revoked) return { ok: false, reason: 'Token was signed out' }
    return { ok: true, token: { userId: payload.sub, tokenId: payload.jti, expiresAt: payload.exp } }
  }

  async revoke(token: VerifiedToken): Promise<void> {
    await this.revocations.revoke(token.tokenId, token.expiresAt)
  }
}
