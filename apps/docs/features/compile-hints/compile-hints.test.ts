import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT, startupChunksOf } from './compile-hints'

describe('startupChunksOf', () => {
  it('finds chunks in script tags, preloads and the escaped hydration payload, once each', () => {
    const html =
      '<link rel="preload" as="script" href="/_next/static/chunks/a1-b.js"/>' +
      '<script src="/_next/static/chunks/a1-b.js" async></script>' +
      '<script>self.__next_f.push([1,"3:\\"/_next/static/chunks/c_2.js\\"\\n"])</script>' +
      '<link rel="stylesheet" href="/_next/static/chunks/s.css"/><a href="/guides/x.js.md">x</a>'
    expect(startupChunksOf(html)).toEqual(['/_next/static/chunks/a1-b.js', '/_next/static/chunks/c_2.js'])
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
      'index.html': '<script src="/_next/static/chunks/start.js" async></script>',
      'guides/a.html':
        '<script src="/_next/static/chunks/start.js"></script><script src="/_next/static/chunks/page.js"></script>',
      '_next/static/chunks/start.js': 'boot()',
      '_next/static/chunks/page.js': 'page()',
      '_next/static/chunks/editor.js': 'editor()',
    })
    expect(addCompileHints(dir)).toEqual({ chunks: 2 })
    addCompileHints(dir)
    expect(read('_next/static/chunks/start.js')).toBe(`${COMPILE_HINT}boot()`)
    expect(read('_next/static/chunks/page.js')).toBe(`${COMPILE_HINT}page()`)
    expect(read('_next/static/chunks/editor.js')).toBe('editor()')
  })

  it('names the page when a chunk it loads is missing', () => {
    exportWith({ 'guides/a.html': '<script src="/_next/static/chunks/gone.js"></script>' })
    expect(() => addCompileHints(dir)).toThrow('guides/a.html loads /_next/static/chunks/gone.js')
  })
})
