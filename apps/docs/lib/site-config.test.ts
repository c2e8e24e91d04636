import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './repo-paths'
import { siteConfig } from './site-config'

describe('siteConfig', () => {
  it('names the project domain the platform builds project URLs with', () => {
    const seed = JSON.parse(
      readFileSync(path.join(repoRoot(), 'packages/platform-api/src/seed/seed.json'), 'utf8'),
    ) as { apiDomain: string }
    expect(siteConfig.projectDomain).toBe(seed.apiDomain)
  })
})
