import { SignJWT, jwtVerify, errors } from 'jose'

const ISSUER = 'platform-api-local'
const AUDIENCE = 'docs'

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

export type TokenCheck = { ok: true; token: VerifiedToken } | { ok: false; reason: string }

export interface TokenServiceOptions {
  secret: Uint8Array
  ttlSeconds: number
  /** Current time in milliseconds; injectable so tests can move past the expiry. */
  now?: () => number
}

/**
 * Signs and checks the sign-in tokens (HS256 JWTs with an expiry). Sign-out revokes a token by its
 * id until it would have expired anyway, so a copied token stops working at once.
 */
export class TokenService {
  private readonly revoked = new Map<string, number>()
  private readonly now: () => number

  constructor(private readonly options: TokenServiceOptions) {
    this.now = options.now ?? Date.now
  }

  async issue(userId: string): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now() / 1000)
    const expiresAt = issuedAt + this.options.ttlSeconds
    const token = await new SignJWT({})
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
    try {
      const { payload } = await jwtVerify(token, this.options.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      })
      if (!payload.sub || !payload.jti || payload.exp === undefined) {
        return { ok: false, reason: 'Token is missing required claims' }
      }
      this.forgetExpiredRevocations()
      if (this.revoked.has(payload.jti)) return { ok: false, reason: 'Token was signed out' }
      return {
        ok: true,
        token: { userId: payload.sub, tokenId: payload.jti, expiresAt: payload.exp },
      }
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'Token has expired' }
      return { ok: false, reason: 'Token is not valid' }
    }
  }

  revoke(token: VerifiedToken): void {
    this.revoked.set(token.tokenId, token.expiresAt)
  }

  private forgetExpiredRevocations() {
    const nowSeconds = this.now() / 1000
    for (const [id, expiresAt] of this.revoked) {
      if (expiresAt < nowSeconds) this.revoked.delete(id)
    }
  }
}
