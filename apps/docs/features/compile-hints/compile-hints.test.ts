import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT, startupChunksOf } from './compile-hints'

describe('startupChunksOf', () => {
  it('finds the islands scripts a page names, once each, and nothing else', () => {
    const html =
      '<link rel="modulepreload" href="/_islands/islands-a1_B.js"/>' +
      '<script type="module" src="/_islands/islands-a1_B.js"></script>' +
      '<link rel="stylesheet" href="/_next/static/chunks/s.css"/><a href="/guides/x.js.md">x</a>' +
      '<img src="/_islands/logo.svg"/>'
    expect(startupChunksOf(html)).toEqual(['/_islands/islands-a1_B.js'])
  })
})

describe('addCompileHints', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  function exportWith(files: Record<string, string>) {
    dir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'))
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
  }
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8')

  it('marks the chunks pages name, leaves chunks loaded on demand alone, and marks each once', () => {
    exportWith({
      'index.html': '<script type="module" src="/_islands/start.js"></script>',
      'guides/a.html':
        '<script type="module" src="/_islands/start.js"></script><script src="/_islands/page.js"></script>',
      '_islands/start.js': 'boot()',
      '_islands/page.js': 'page()',
      '_islands/editor.js': 'editor()',
    })
    expect(addCompileHints(dir)).toEqual({ chunks: 2 })
    addCompileHints(dir)
    expect(read('_islands/start.js')).toBe(`${COMPILE_HINT}boot()`)
    expect(read('_islands/page.js')).toBe(`${COMPILE_HINT}page()`)
    expect(read('_islands/editor.js')).toBe('editor()')
  })

  it('names the page when a chunk it loads is missing', () => {
    exportWith({ 'guides/a.html': '<script type="module" src="/_islands/gone.js"></script>' })
    expect(() => addCompileHints(dir)).toThrow('guides/a.html loads /_islands/gone.js')
  })
})
