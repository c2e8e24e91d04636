import { describe, expect, it } from 'vitest'
import { loadsFramework, withoutFramework } from './without-framework'

const SCRIPT = '/_islands/islands-abc123.js'

/** A page as Next exports it, reduced to one of each kind of tag the rewrite meets. */
const page = [
  '<!DOCTYPE html><html><head><meta charset="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>',
  '<link rel="preload" href="/_next/static/chunks/c.js" as="script" fetchPriority="low"/>',
  '<link rel="preload" href="/pagefind/pagefind.js" as="script"/>',
  '<script src="/_next/static/chunks/d.js" async=""></script>',
  '<script>(function(){try{var c=localStorage.getItem("docs.theme")}catch(e){}})()</script>',
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
  '</head><body><p>Text</p>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push([1])</script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
  '<script>addEventListener("load",function(){})</script>',
  '</body></html>',
].join('')

describe('withoutFramework', () => {
  const result = withoutFramework(page, SCRIPT)

  it("drops Next's scripts, route data, chunk list and chunk preloads", () => {
    expect(result).not.toContain('/_next/static/chunks/b.js')
    expect(result).not.toContain('/_next/static/chunks/c.js')
    expect(result).not.toContain('/chunks/d.js')
    expect(result).not.toContain('polyfill.js')
    expect(result).not.toContain('TURBOPACK')
    expect(result).not.toContain('__next_f')
    expect(loadsFramework(result)).toBe(false)
    expect(loadsFramework(page)).toBe(true)
  })

  it("keeps the style sheets, the site's own scripts and other preloads", () => {
    expect(result).toContain('href="/_next/static/chunks/a.css"')
    expect(result).toContain('localStorage.getItem("docs.theme")')
    expect(result).toContain('addEventListener("load"')
    expect(result).toContain('href="/pagefind/pagefind.js"')
    expect(result).toContain('<p>Text</p>')
  })

  it('adds the islands script once, as a module at the end of the head', () => {
    expect(result.split(SCRIPT)).toHaveLength(2)
    expect(result).toContain(`<script type="module" src="${SCRIPT}"></script></head>`)
  })

  it('refuses a page without a head, naming the reason', () => {
    expect(() => withoutFramework('<p>no head</p>', SCRIPT)).toThrow(/<\/head>/)
  })
})
