import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeReferenceHostRules } from './write-host-rules'

describe('writeReferenceHostRules', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes the rewrites once, keeping other rules, however often it runs', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'host-rules-'))
    const file = path.join(dir, '_redirects')
    writeFileSync(file, '/old  /new  301\n')
    writeReferenceHostRules(dir)
    const first = readFileSync(file, 'utf8')
    writeReferenceHostRules(dir)
    const second = readFileSync(file, 'utf8')
    expect(second).toBe(first)
    expect(second.startsWith('/old  /new  301\n')).toBe(true)
    expect(
      second.match(/\/reference\/javascript\/:slug {2}\/reference\/javascript\.html {2}200/g),
    ).toHaveLength(1)
  })
})
