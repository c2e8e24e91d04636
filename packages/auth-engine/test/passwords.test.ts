import { describe, expect, it } from 'vitest'
import { checkPassword, hashPassword } from '../src/passwords'

describe('passwords', () => {
  it("hashes in Go's $2a$ form at the cost asked, with a fresh salt each time", async () => {
    const first = await hashPassword('example-password', 4)
    const second = await hashPassword('example-password', 4)
    expect(first).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/)
    expect(second).not.toBe(first)
    expect(await checkPassword('example-password', first)).toBe(true)
    expect(await checkPassword('Example-password', first)).toBe(false)
  })

  it('checks hashes made elsewhere, in each bcrypt variant', async () => {
    // The crypt_blowfish test vector for "U*U" at cost 5.
    const vector = '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'
    for (const variant of ['$2a$', '$2b$', '$2y$']) {
      expect(await checkPassword('U*U', vector.replace('$2a$', variant)), variant).toBe(true)
    }
    expect(await checkPassword('U*V', vector)).toBe(false)
  })

  it('matches nothing with a missing or malformed hash', async () => {
    expect(await checkPassword('x', null)).toBe(false)
    expect(await checkPassword('x', 'plain-text')).toBe(false)
    expect(await checkPassword('x', '$2a$10$short')).toBe(false)
  })

  it('refuses a password over 72 bytes, as Go bcrypt does', async () => {
    await expect(hashPassword('é'.repeat(37), 4)).rejects.toMatchObject({ status: 400 })
  })
})
