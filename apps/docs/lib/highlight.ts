import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki'
import { transformerMetaHighlight } from '@shikijs/transformers'

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
  'astro',
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

let highlighter: Promise<Highlighter> | undefined

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: ['github-light-high-contrast', 'github-dark-high-contrast'],
    langs: LANGUAGES.filter((lang) => lang !== 'text'),
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
  /** Give each indented line its indent (`--indent`, in columns), so a wrapped line can hang. */
  lineIndents?: boolean
}

/** The tab stop the site's code uses (`tab-size` on the page). */
const TAB_SIZE = 4

/** How many columns of whitespace start a line; tabs advance to the next tab stop. */
export function indentColumns(line: string): number {
  let columns = 0
  for (const char of line) {
    if (char === ' ') columns += 1
    else if (char === '\t') columns += TAB_SIZE - (columns % TAB_SIZE)
    else break
  }
  return columns
}

type HastNode = { type: string; value?: string; children?: HastNode[] }

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}

/**
 * Writes `--indent: N` on each indented line; the style sheet turns it into a hanging indent, so
 * the continuation of a wrapped line starts under the line's own code, not at column 0.
 */
const lineIndentTransformer: ShikiTransformer = {
  name: 'line-indent',
  line(node) {
    const columns = indentColumns(textOf(node))
    if (columns === 0) return
    const style = node.properties.style
    node.properties.style = `${typeof style === 'string' && style ? `${style};` : ''}--indent:${columns}`
  },
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
  const shiki = await getHighlighter()
  return shiki.codeToHtml(code, {
    lang: normalizeLanguage(lang),
    themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
    defaultColor: false,
    meta: options.meta ? { __raw: options.meta } : undefined,
    transformers: [
      transformerMetaHighlight({ className: 'highlighted' }),
      ...(options.lineIndents ? [lineIndentTransformer] : []),
    ],
  })
}
