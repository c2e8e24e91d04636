/**
 * The request language read as PostgREST 12.2 reads it. Expected values come from PostgREST's
 * source at v12.2.12: `ApiRequest/QueryParams.hs` (grammar and its PGRST100 messages) and
 * `ApiRequest/Preferences.hs` (the first value of each preference wins, unknown ones are kept).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  buildRequest,
  parseRestParts,
  parseRestRequest,
  readPreferences,
  selectText,
  splitTopLevel,
  type RequestModel,
} from '../src/index'

function parsed(target: string, method = 'GET'): RequestModel {
  const result = parseRestParts({ method, target, headers: [] })
  if (!result.ok) throw new Error(result.error.message)
  return result.request
}

describe('query string', () => {
  it('reads a select with an embed, a filter and an order into the operation', () => {
    const request = parsed('/rest/v1/books?select=title,authors(name)&id=gt.3&order=title.desc')
    expect(request.path).toBe('/books')
    const operation = request.operation
    expect(operation.kind).toBe('select')
    if (operation.kind !== 'select') return
    expect(selectText(operation.select)).toBe('title,authors(name)')
    expect(operation.filters).toMatchObject([{ kind: 'condition', operator: 'gt', field: { column: 'id' } }])
    expect(operation.order).toMatchObject([{ field: { column: 'title' }, direction: 'desc' }])
  })

  it("refuses a filter without an operator with PostgREST's PGRST100 body", () => {
    const result = parseRestParts({ method: 'GET', target: '/books?id=gt', headers: [] })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('PGRST100')
    expect(result.error.postgrest).toEqual({
      status: 400,
      message: '"failed to parse filter (gt)" (line 1, column 3)',
      details: 'unexpected end of input expecting operator (eq, gt, ...)',
      hint: null,
    })
  })

  it('reads a curl command as the same request as its URL', () => {
    const fromCurl = parseRestRequest('curl -X DELETE "http://localhost/rest/v1/books?id=eq.1"')
    expect(fromCurl.ok).toBe(true)
    if (!fromCurl.ok) return
    expect(fromCurl.request.method).toBe('DELETE')
    expect(fromCurl.request.operation).toEqual(parsed('/books?id=eq.1', 'DELETE').operation)
  })

  it('writes back the request it read', () => {
    const request = parsed('/books?select=title&title=like.*Dune*&limit=2')
    expect(buildRequest(request.operation).query).toEqual(request.query)
  })

  it('splits at top-level commas only', () => {
    expect(splitTopLevel('a,b(c,d),e')).toEqual(['a', 'b(c,d)', 'e'])
  })
})

describe('Prefer', () => {
  it('keeps the first value of each preference and collects the ones it does not know', () => {
    const preferences = readPreferences([
      { name: 'Prefer', value: 'return=minimal, return=representation' },
      { name: 'prefer', value: 'count=exact,tx=rollback, nonsense' },
    ])
    expect(preferences).toMatchObject({ return: 'minimal', count: 'exact', tx: 'rollback' })
    expect(preferences.invalid).toEqual(['nonsense'])
  })

  it('reads max-affected only as an integer', () => {
    expect(readPreferences([{ name: 'Prefer', value: 'max-affected=5' }]).maxAffected).toBe(5)
    expect(readPreferences([{ name: 'Prefer', value: 'max-affected=five' }]).maxAffected).toBeUndefined()
  })
})

describe('the package', () => {
  it('imports nothing but its own modules, so the engine and the page load it without the SQL parser', () => {
    const folder = fileURLToPath(new URL('../src/', import.meta.url))
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(`${folder}${file}`, 'utf8')
      for (const [, spec] of source.matchAll(/^(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
        expect(spec, `${file} imports ${spec}`).toMatch(/^\.\/[a-z-]+$/)
      }
    }
  })
})
