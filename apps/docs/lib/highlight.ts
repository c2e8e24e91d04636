import path from 'node:path'
import { PHASE_PRODUCTION_BUILD } from 'next/constants'
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki'
import { transformerMetaHighlight } from '@shikijs/transformers'
import { fileHighlightCache, highlightKey, type HighlightCache } from './highlight-cache'
import { UnpairedColourError, darkColourOf, dualThemeTransformer } from './highlight-themes'
import { sqlGrammar } from './sql-grammar'

/** Languages the docs highlight; anything else falls back to plain text. */
const LANGUAGES = [
  'bash',
  'shell',
  'sql',
  'ts',
  'tsx',
  'js',
  'jsx',
  'json',
  'jsonc',
  'yaml',
  'toml',
  'html',
  'css',
  'http',
  'diff',
  'dart',
  'swift',
  'kotlin',
  'python',
  'svelte',
  'vue',
  'astro',
  'graphql',
  'markdown',
  'dotenv',
  'text',
] as const

const LANGUAGE_ALIASES: Record<string, string> = {
  sh: 'bash',
  zsh: 'bash',
  console: 'bash',
  typescript: 'ts',
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  yml: 'yaml',
  env: 'dotenv',
  psql: 'sql',
  pgsql: 'sql',
  plaintext: 'text',
  txt: 'text',
  md: 'markdown',
  '': 'text',
}

const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const

interface Highlighting {
  shiki: Highlighter
  /** Writes both themes' colours from a light-theme tokenization; absent if the themes do not pair. */
  fromLight?: ShikiTransformer
}

let highlighter: Promise<Highlighting> | undefined

function getHighlighter(): Promise<Highlighting> {
  highlighter ??= sqlGrammar().then(async (sql) => {
    const shiki = await createHighlighter({
      themes: [THEMES.light, THEMES.dark],
      langs: [...LANGUAGES.filter((lang) => lang !== 'text' && lang !== 'sql'), ...sql],
    })
    const darkOf = darkColourOf(shiki.getTheme(THEMES.light), shiki.getTheme(THEMES.dark))
    if (!darkOf) return { shiki }
    // The class and style of a two-theme block, as Shiki writes them.
    const probe = shiki.codeToHast('', { lang: 'text', themes: THEMES, defaultColor: false })
    const pre = probe.children.find((node) => node.type === 'element')
    return pre ? { shiki, fromLight: dualThemeTransformer(darkOf, pre.properties) } : { shiki }
  })
  return highlighter
}

export function normalizeLanguage(lang: string | undefined): string {
  const key = (lang ?? '').toLowerCase()
  const resolved = LANGUAGE_ALIASES[key] ?? key
  return (LANGUAGES as readonly string[]).includes(resolved) ? resolved : 'text'
}

export interface HighlightOptions {
  /** Raw fence meta such as `{1,3-4}`; only the line ranges are used here. */
  meta?: string
}

const LANGUAGE_LABELS: Record<string, string> = {
  bash: 'Shell',
  shell: 'Shell',
  sql: 'SQL',
  ts: 'TypeScript',
  tsx: 'TypeScript',
  js: 'JavaScript',
  jsx: 'JavaScript',
  json: 'JSON',
  jsonc: 'JSON',
  yaml: 'YAML',
  toml: 'TOML',
  html: 'HTML',
  css: 'CSS',
  http: 'HTTP',
  diff: 'Diff',
  dart: 'Dart',
  swift: 'Swift',
  kotlin: 'Kotlin',
  python: 'Python',
  svelte: 'Svelte',
  vue: 'Vue',
  astro: 'Astro',
  graphql: 'GraphQL',
  markdown: 'Markdown',
  dotenv: '.env',
}

/** A fence language in words (`sh` -> "Shell"), or undefined for plain text. */
export function languageLabel(lang: string | undefined): string | undefined {
  return LANGUAGE_LABELS[normalizeLanguage(lang)]
}

/**
 * Highlights code at build time into HTML whose colours are CSS variables
 * (`--shiki-light`, `--shiki-dark`), so the theme switch needs no JavaScript.
 */
export async function highlightCode(
  code: string,
  lang: string | undefined,
  options: HighlightOptions = {},
): Promise<string> {
  const language = normalizeLanguage(lang)
  const cache = buildCache()
  const key = cache ? highlightKey(code, language, options.meta) : ''
  const cached = cache?.read(key)
  if (cached !== undefined) return cached
  const html = await highlightUncached(code, language, options)
  cache?.write(key, html)
  return html
}

let cache: HighlightCache | undefined | null = null

/** The cache between production builds (see highlight-cache.ts); other runs highlight every time. */
function buildCache(): HighlightCache | undefined {
  if (cache === null) {
    cache =
      process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD
        ? fileHighlightCache(path.join(process.cwd(), '.next', 'cache', 'highlight'), process.cwd())
        : undefined
  }
  return cache
}

/**
 * The block's HTML, without the cache. `tokenize: 'per-theme'` is Shiki's own two-theme path, which
 * the tests compare with the default.
 */
export async function highlightUncached(
  code: string,
  language: string,
  options: HighlightOptions = {},
  tokenize: 'once' | 'per-theme' = 'once',
): Promise<string> {
  const { shiki, fromLight } = await getHighlighter()
  const common = {
    lang: language,
    // No time limit per line: Shiki's default (500 ms) stops a line early when the machine is busy,
    // mostly on a grammar's first line while its patterns compile, and gives the rest of the line
    // one colour. The build's output must not depend on the machine's load.
    tokenizeTimeLimit: 0,
    meta: options.meta ? { __raw: options.meta } : undefined,
  }
  const metaHighlight = transformerMetaHighlight({ className: 'highlighted' })
  if (fromLight && tokenize === 'once') {
    try {
      return shiki.codeToHtml(code, {
        ...common,
        theme: THEMES.light,
        transformers: [fromLight, metaHighlight],
      })
    } catch (error) {
      if (!(error instanceof UnpairedColourError)) throw error
    }
  }
  return shiki.codeToHtml(code, {
    ...common,
    themes: THEMES,
    defaultColor: false,
    transformers: [metaHighlight],
  })
}
