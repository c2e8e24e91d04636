/**
 * Signed-out tokens, by token id (`jti`), until they would have expired anyway. Kept in the
 * database, so a sign-out holds across restarts and across every API process sharing the data.
 */
import type { Database } from '../store/database'

export interface RevocationList {
  revoke(tokenId: string, expiresAt: number): Promise<void>
  isRevoked(tokenId: string): Promise<boolean>
}

/** Revocations held in this process only: for an API whose tokens end with it anyway (tests). */
export class MemoryRevocationList implements RevocationList {
  private readonly revoked = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  async revoke(tokenId: string, expiresAt: number) {
    this.revoked.set(tokenId, expiresAt)
  }

  async isRevoked(tokenId: string) {
    const nowSeconds = this.now() / 1000
    for (const [id, expiresAt] of this.revoked) if (expiresAt < nowSeconds) this.revoked.delete(id)
    return this.revoked.has(tokenId)
  }
}

export class DatabaseRevocationList implements RevocationList {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async revoke(tokenId: string, expiresAt: number) {
    await this.db.query(
      `insert into revoked_tokens (token_id, expires_at) values ($1, to_timestamp($2))
       on conflict (token_id) do nothing`,
      [tokenId, expiresAt],
    )
    // Rows of tokens that expired on their own protect nothing; drop them as we go.
    await this.db.query('delete from revoked_tokens where expires_at < to_timestamp($1)', [this.now() / 1000])
  }

  async isRevoked(tokenId: string) {
    const rows = await this.db.query('select 1 from revoked_tokens where token_id = $1', [tokenId])
    return rows.length > 0
  }
}
