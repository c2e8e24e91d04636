import { describe, expect, it } from 'vitest'
import { CLI_JWT_SECRET, EXAMPLE_USER_ID, exampleEnv } from '../src/example-keys'
import { decodeJwtSegment, hs256SignatureValid, signHs256 } from '../src/jwt'

const claimsOf = (token: string) => decodeJwtSegment(token.split('.')[1]!)

describe('the examples keys', () => {
  it('are signed with the CLI secret', async () => {
    for (const [name, token] of Object.entries(exampleEnv)) {
      const [header, payload, signature] = token.split('.') as [string, string, string]
      expect(await hs256SignatureValid(`${header}.${payload}`, signature, CLI_JWT_SECRET), name).toBe(true)
    }
  })

  it('are the keys the CLI makes for its default secret (iss, role, exp 1983812996)', async () => {
    for (const role of ['anon', 'service_role'] as const) {
      const key = role === 'anon' ? exampleEnv.SUPABASE_ANON_KEY : exampleEnv.SUPABASE_SERVICE_ROLE_KEY
      expect(key).toBe(await signHs256({ iss: 'supabase-demo', role, exp: 1983812996 }, CLI_JWT_SECRET))
    }
  })

  it('give the example user an authenticated token', () => {
    expect(claimsOf(exampleEnv.USER_ACCESS_TOKEN)).toEqual({
      aud: 'authenticated',
      role: 'authenticated',
      sub: EXAMPLE_USER_ID,
    })
  })
})
