import { describe, expect, it } from 'vitest'
import { highlightCode, languageLabel } from './highlight'
import { SQL_COLUMN_WORDS, withoutAlternatives } from './sql-grammar'

/** The light-theme colour of each word of `html` (its first occurrence), by its text. */
function colours(html: string): Map<string, string> {
  const result = new Map<string, string>()
  for (const [, colour = '', text = ''] of html.matchAll(
    /<span style="--shiki-light:(#[0-9A-Fa-f]+)[^"]*">([^<]*)<\/span>/g,
  )) {
    for (const word of text
      .trim()
      .split(/[\s,();]+/)
      .filter(Boolean)) {
      if (!result.has(word)) result.set(word, colour.toLowerCase())
    }
  }
  return result
}

describe('SQL highlighting', () => {
  it('colours a column named `name` like any other column, and keywords as keywords', async () => {
    const html = await highlightCode(
      'select id, name, status from products where name = $1 order by description;',
      'sql',
    )
    const seen = colours(html)
    const keyword = seen.get('select')
    expect(keyword).toBeDefined()
    for (const word of ['from', 'where', 'order']) expect(seen.get(word), word).toBe(keyword)
    for (const column of ['name', 'status', 'description']) {
      expect(seen.get(column), column).not.toBe(keyword)
    }
  })

  it('keeps the keywords of DDL statements', async () => {
    const html = await highlightCode(
      'create table profiles (id uuid primary key, name text not null);\n' +
        'alter table profiles enable row level security;\n' +
        'alter table profiles alter column name type varchar(80);',
      'sql',
    )
    const keyword = colours(html).get('create')
    for (const word of ['table', 'alter', 'enable', 'row', 'level', 'security', 'type']) {
      expect(html, word).toMatch(new RegExp(`--shiki-light:${keyword}[^"]*">[^<]*\\b${word}\\b`, 'i'))
    }
    expect(html).not.toMatch(new RegExp(`--shiki-light:${keyword}[^"]*">name<`, 'i'))
  })

  it('removes whole alternatives only', () => {
    expect(withoutAlternatives('\\b(?i)(name|names|database_name|x)\\b', ['name'])).toBe(
      '\\b(?i)(names|database_name|x)\\b',
    )
    expect(withoutAlternatives('(a|name)', ['name'])).toBe('(a)')
    expect(withoutAlternatives('(a|status|b)', SQL_COLUMN_WORDS)).toBe('(a|b)')
  })
})

describe('languageLabel', () => {
  it('names a fence language in words, aliases included', () => {
    expect(languageLabel('sql')).toBe('SQL')
    expect(languageLabel('sh')).toBe('Shell')
    expect(languageLabel('typescript')).toBe('TypeScript')
    expect(languageLabel('text')).toBeUndefined()
    expect(languageLabel(undefined)).toBeUndefined()
  })
})
