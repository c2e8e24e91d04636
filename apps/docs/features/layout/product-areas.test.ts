import { describe, expect, it } from 'vitest'
import { currentArea } from './product-areas'

describe('currentArea', () => {
  it('marks the area whose link is the longest prefix of the path', () => {
    expect(currentArea('/guides/auth/social-login/zoom')?.title).toBe('Guides')
    expect(currentArea('/guides/api/sql-to-rest')?.title).toBe('SQL to REST')
    expect(currentArea('/reference/javascript/select')?.title).toBe('JavaScript')
    expect(currentArea('/reference/cli/supabase-init')?.title).toBe('CLI')
    expect(currentArea('/reference/api/')?.title).toBe('Management API')
  })

  it('marks nothing outside the areas, and does not match a mere name prefix', () => {
    expect(currentArea('/')).toBeUndefined()
    expect(currentArea('/guidesx')).toBeUndefined()
    expect(currentArea('/reference/javascript-old')).toBeUndefined()
  })
})
