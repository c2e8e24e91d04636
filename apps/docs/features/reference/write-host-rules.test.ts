import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeReferenceHostRules } from './write-host-rules'

describe('writeReferenceHostRules', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const known = new Map([['javascript-v2', ['select']]])

  it('writes the rewrites once, keeping other rules, however often it runs', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'host-rules-'))
    const file = path.join(dir, '_redirects')
    writeFileSync(file, '/old  /new  301\n')
    await writeReferenceHostRules(dir, known)
    const first = readFileSync(file, 'utf8')
    await writeReferenceHostRules(dir, known)
    const second = readFileSync(file, 'utf8')
    expect(second).toBe(first)
    expect(second.startsWith('/old  /new  301\n')).toBe(true)
    expect(
      second.match(/\/reference\/javascript\/select {2}\/reference\/javascript\.html {2}200/g),
    ).toHaveLength(1)
  })

  it('lists every section of every library, from the loaded references', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'host-rules-'))
    const written = await writeReferenceHostRules(dir)
    const text = readFileSync(written.file, 'utf8')
    expect(text).toContain('/reference/javascript/select  /reference/javascript.html  200')
    expect(text).toContain('/reference/cli/supabase-db-push  /reference/cli.html  200')
    expect(text).toContain('/reference/api/v1-create-a-project  /reference/api.html  200')
    expect(text).not.toContain(':slug')
    expect(written.rules).toBeGreaterThan(300)
  })
})
