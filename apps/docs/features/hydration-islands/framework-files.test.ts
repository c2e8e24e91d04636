import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { removeFrameworkFiles } from './framework-files'

describe('removeFrameworkFiles', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  function exportWith(files: string[]) {
    dir = mkdtempSync(path.join(tmpdir(), 'framework-files-'))
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), 'x')
    }
  }
  const has = (file: string) => existsSync(path.join(dir, file))

  it("removes route data, Next's scripts and media, and keeps pages, style sheets and the site's own text files", () => {
    exportWith([
      'index.html',
      'index.txt',
      '__next._tree.txt',
      'guides/x.html',
      'guides/x.txt',
      'guides/x/__next.__PAGE__.txt',
      'robots.txt',
      'llms.txt',
      'llms/guides.txt',
      '_next/static/chunks/a.js',
      '_next/static/chunks/a.css',
      '_next/static/media/pglite.1.wasm',
      '_next/static/build-id/_buildManifest.js',
      '_next/build-id/segment.txt',
      '_islands/islands-1.js',
    ])
    expect(removeFrameworkFiles(dir)).toEqual({ routeData: 4, runtime: 4 })
    for (const gone of [
      'index.txt',
      '__next._tree.txt',
      'guides/x.txt',
      'guides/x/__next.__PAGE__.txt',
      '_next/static/chunks/a.js',
      '_next/static/media',
      '_next/static/build-id',
      '_next/build-id',
    ])
      expect(has(gone), gone).toBe(false)
    for (const kept of [
      'index.html',
      'guides/x.html',
      'robots.txt',
      'llms.txt',
      'llms/guides.txt',
      '_next/static/chunks/a.css',
      '_islands/islands-1.js',
    ])
      expect(has(kept), kept).toBe(true)
  })
})
