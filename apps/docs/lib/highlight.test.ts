import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { createHighlighter, type ThemeRegistrationResolved } from 'shiki'
import { describe, expect, it } from 'vitest'
import { highlightCode, highlightUncached, languageLabel, normalizeLanguage } from './highlight'
import { UnpairedColourError, darkColourOf, dualThemeTransformer } from './highlight-themes'
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

/** Every fenced block of the guides: language, line-highlight meta and code. */
function guideBlocks(): { lang: string; meta: string; code: string }[] {
  const dir = path.join(import.meta.dirname, '..', 'content', 'guides')
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.mdx'),
  )
  return files.flatMap((file) =>
    [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```/gm)].map(
      ([, lang = '', rest = '', code = '']) => ({
        lang: normalizeLanguage(lang),
        meta: /\{[\d,-]+\}/.exec(rest)?.[0] ?? '',
        code: code.replace(/\n$/, ''),
      }),
    ),
  )
}

describe('both themes from one tokenization', () => {
  it("gives Shiki's two-theme HTML for every code block of the guides", { timeout: 60_000 }, async () => {
    const blocks = guideBlocks()
    expect(blocks.length).toBeGreaterThan(500)
    expect(new Set(blocks.map((block) => block.lang)).size).toBeGreaterThan(10)
    const differing: string[] = []
    for (const { lang, meta, code } of blocks) {
      const once = await highlightUncached(code, lang, { meta }, 'once')
      const perTheme = await highlightUncached(code, lang, { meta }, 'per-theme')
      if (once !== perTheme) differing.push(`${lang}: ${code.slice(0, 60)}`)
    }
    expect(differing).toEqual([])
  })

  it('pairs the light and dark high-contrast themes, so the build tokenizes once', async () => {
    const { light, dark } = await themes()
    const darkOf = darkColourOf(light, dark)
    expect(darkOf).toBeDefined()
    expect(darkOf!.get(light.fg.toUpperCase())).toBe(dark.fg.toUpperCase())
  })

  it('refuses themes whose rules differ or whose light colours are shared', async () => {
    const { light, dark } = await themes()
    const moved = { ...dark, settings: [...dark.settings].reverse() }
    expect(darkColourOf(light, moved)).toBeUndefined()
    // Two rules with one light colour but two dark colours: a light colour no longer tells the dark one.
    const twoDarks = {
      ...dark,
      settings: dark.settings.map((rule, index) =>
        index === 1 ? { ...rule, settings: { ...rule.settings, foreground: '#123456' } } : rule,
      ),
    }
    const shared = {
      ...light,
      settings: light.settings.map((rule, index) =>
        index === 1
          ? { ...rule, settings: { ...rule.settings, foreground: light.settings[2]!.settings.foreground } }
          : rule,
      ),
    }
    expect(darkColourOf(shared, twoDarks)).toBeUndefined()
  })

  it('stops on a colour it cannot pair, so the caller highlights for both themes instead', async () => {
    const { shiki } = await themes()
    const transformer = dualThemeTransformer(new Map(), {})
    expect(() =>
      shiki.codeToHtml('select 1', {
        lang: 'sql',
        theme: 'github-light-high-contrast',
        transformers: [transformer],
      }),
    ).toThrow(UnpairedColourError)
  })
})

async function themes(): Promise<{
  shiki: Awaited<ReturnType<typeof createHighlighter>>
  light: ThemeRegistrationResolved
  dark: ThemeRegistrationResolved
}> {
  const shiki = await createHighlighter({
    themes: ['github-light-high-contrast', 'github-dark-high-contrast'],
    langs: ['sql'],
  })
  return {
    shiki,
    light: shiki.getTheme('github-light-high-contrast'),
    dark: shiki.getTheme('github-dark-high-contrast'),
  }
}
