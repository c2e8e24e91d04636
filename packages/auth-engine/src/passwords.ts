/** bcrypt, as GoTrue stores passwords (internal/crypto/password.go), in plain JavaScript. */
import bcrypt from 'bcryptjs'
import { badRequest } from './errors'

/** A bcrypt hash in Go's `$2a$` form (the same algorithm as bcryptjs's `$2b$` for these lengths). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  if (new TextEncoder().encode(password).length > 72) {
    throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes')
  }
  const hash = await bcrypt.hash(password, cost)
  return hash.replace(/^\$2b\$/, '$2a$')
}

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$/.test(hash)) return false
  return bcrypt.compare(password, hash)
}

/** A throwaway password for accounts made without one (`password.Generate(64, 10, ...)`). */
export function randomPassword(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  const bytes = crypto.getRandomValues(new Uint8Array(64))
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}
