import { describe, expect, it } from 'vitest'
import {
  MAX_SQL_LENGTH,
  REST_PATH,
  STORAGE_KEY,
  loadStoredState,
  normalizeBaseUrl,
  restSample,
  saveState,
  shareUrl,
  stateFromShareUrl,
} from './tool-state'

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === STORAGE_KEY ? value : null),
})

describe('normalizeBaseUrl', () => {
  it('keeps the origin and the path without trailing slashes', () => {
    expect(normalizeBaseUrl('https://abc.example.co/rest/v1///')).toEqual({
      ok: true,
      url: 'https://abc.example.co/rest/v1',
      addedRestPath: false,
    })
    expect(normalizeBaseUrl('  http://localhost:54321/rest/v1/?x=1#top ')).toEqual({
      ok: true,
      url: 'http://localhost:54321/rest/v1',
      addedRestPath: false,
      leftOut: true,
    })
    expect(normalizeBaseUrl('https://proxy.test/api/rest')).toEqual({
      ok: true,
      url: 'https://proxy.test/api/rest',
      addedRestPath: false,
    })
  })
  it('adds the REST path to a project URL, and says so', () => {
    for (const input of [
      'https://gkguxpyvcgecmtwejkdd.basebox.co',
      'https://gkguxpyvcgecmtwejkdd.basebox.co/',
    ]) {
      expect(normalizeBaseUrl(input), input).toEqual({
        ok: true,
        url: `https://gkguxpyvcgecmtwejkdd.basebox.co${REST_PATH}`,
        addedRestPath: true,
      })
    }
    // A dashboard URL pasted with its tab: the query string is left out, and the result says so.
    expect(normalizeBaseUrl(' https://gkguxpyvcgecmtwejkdd.basebox.co//?tab=api ')).toEqual({
      ok: true,
      url: `https://gkguxpyvcgecmtwejkdd.basebox.co${REST_PATH}`,
      addedRestPath: true,
      leftOut: true,
    })
    expect(normalizeBaseUrl('http://127.0.0.1:54321')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:54321/rest/v1',
      addedRestPath: true,
    })
  })
  it('refuses text that is not an http(s) URL, saying what to change', () => {
    const messages: [string, string][] = [
      ['', 'Enter a URL that starts with http:// or https://.'],
      ['   ', 'Enter a URL that starts with http:// or https://.'],
      ['not a url', 'Start with http:// or https://.'],
      ['localhost:54321', 'Start with http:// or https://.'],
      ['abc.basebox.co/rest/v1', 'Start with http:// or https://.'],
      ['javascript:alert(1)', 'Start with http:// or https://.'],
      ['http:/x.test', 'Start with http:// or https://.'],
      ['ftp://x.test/rest', 'Only http:// and https:// URLs work here, not ftp://.'],
      ['https://', 'After https:// comes a host name without spaces, such as localhost:54321.'],
      [
        'https://my project.test',
        'After https:// comes a host name without spaces, such as localhost:54321.',
      ],
      [
        'https://user:secret@x.test/rest/v1',
        'Leave out the user name and password: the API key goes in a header.',
      ],
    ]
    for (const [input, message] of messages) {
      expect(normalizeBaseUrl(input), input).toEqual({ ok: false, message })
    }
  })
  it('takes the scheme in any letter case', () => {
    expect(normalizeBaseUrl('HTTPS://X.test/rest/v1')).toEqual({
      ok: true,
      url: 'https://x.test/rest/v1',
      addedRestPath: false,
    })
  })
})

describe('restSample', () => {
  it('sends the sample request to the base URL the reader set', () => {
    expect(restSample('https://abc.example.co/rest/v1')).toMatch(
      /^https:\/\/abc\.example\.co\/rest\/v1\/products\?select=name,price,/,
    )
    expect(restSample('http://localhost:54321/rest/v1')).toMatch(
      /^http:\/\/localhost:54321\/rest\/v1\/products\?/,
    )
  })
})

describe('stored state', () => {
  it('round-trips through storage', () => {
    const data = new Map<string, string>()
    const state = {
      sql: 'select 1',
      language: 'http' as const,
      baseUrl: 'https://x.test/rest/v1',
      dialogOpen: true,
      aggregatesEnabled: false,
    }
    saveState({ setItem: (k, v) => void data.set(k, v) }, state)
    expect(loadStoredState({ getItem: (k) => data.get(k) ?? null })).toEqual(state)
  })
  it('drops corrupted JSON and invalid fields one by one', () => {
    expect(loadStoredState(storageWith('{nope'))).toEqual({})
    expect(loadStoredState(storageWith('"a string"'))).toEqual({})
    expect(
      loadStoredState(
        storageWith(
          JSON.stringify({
            sql: 42,
            language: 'python',
            baseUrl: 'nope',
            dialogOpen: 'yes',
            aggregatesEnabled: 'no',
          }),
        ),
      ),
    ).toEqual({})
    expect(
      loadStoredState(storageWith(JSON.stringify({ sql: 'x'.repeat(MAX_SQL_LENGTH + 1), language: 'js' }))),
    ).toEqual({
      language: 'js',
    })
  })
  it('keeps the aggregates setting, which a visit before it existed leaves unset', () => {
    expect(loadStoredState(storageWith(JSON.stringify({ aggregatesEnabled: false })))).toEqual({
      aggregatesEnabled: false,
    })
    expect(loadStoredState(storageWith(JSON.stringify({ sql: 'select 1' })))).toEqual({ sql: 'select 1' })
  })
  it('reads a stored project URL as its REST endpoint', () => {
    expect(loadStoredState(storageWith(JSON.stringify({ baseUrl: 'https://abc.basebox.co' })))).toEqual({
      baseUrl: 'https://abc.basebox.co/rest/v1',
    })
  })
  it('survives a storage that throws', () => {
    expect(() =>
      saveState(
        {
          setItem: () => {
            throw new Error('QuotaExceededError')
          },
        },
        { sql: '', language: 'curl', baseUrl: 'http://a.test', dialogOpen: false, aggregatesEnabled: true },
      ),
    ).not.toThrow()
  })
})

describe('share links', () => {
  it('restore the SQL and the language', () => {
    const sql = "select * from products where name = 'a&b #1'"
    const url = new URL(shareUrl('https://docs.test/guides/api/sql-to-rest?x=1#out', sql, 'js'))
    expect(url.hash).toBe('')
    expect(stateFromShareUrl(url.search)).toEqual({ sql, language: 'js' })
  })
  it('ignore an unknown language', () => {
    expect(stateFromShareUrl('?sql=select%201&lang=cobol')).toEqual({ sql: 'select 1' })
  })
})
