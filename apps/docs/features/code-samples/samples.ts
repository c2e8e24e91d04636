/** A code block found in the docs, with where it came from. */
export interface CodeSample {
  /** Repository-relative file, e.g. `apps/docs/content/guides/auth/captcha.mdx`. */
  file: string
  /** 1-based line of the first code line in that file. */
  line: number
  lang: string
  code: string
  /** The file name the block shows (`title="..."`); other samples of the page may import it. */
  title?: string
  fragment: boolean
  runnable: boolean
  /** Samples that run in order share a group (one page, one spec). */
  group: string
  /** The import specifier that stands for the client library, when not the latest. */
  moduleAliases?: Record<string, string>
}

export type SampleLanguage = 'sql' | 'typescript' | 'json' | 'yaml' | 'toml' | 'shell' | 'other'

const LANGUAGES: Record<string, SampleLanguage> = {
  sql: 'sql',
  pgsql: 'sql',
  psql: 'sql',
  ts: 'typescript',
  tsx: 'typescript',
  typescript: 'typescript',
  js: 'typescript',
  jsx: 'typescript',
  javascript: 'typescript',
  mjs: 'typescript',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  bash: 'shell',
  sh: 'shell',
  shell: 'shell',
  zsh: 'shell',
}

export function languageOf(lang: string): SampleLanguage {
  return LANGUAGES[lang.toLowerCase()] ?? 'other'
}

export interface SampleFailure {
  sample: CodeSample
  /** Line in the source file where the problem is. */
  line: number
  message: string
}

export function formatFailure(failure: SampleFailure): string {
  return `${failure.sample.file}:${failure.line}: [${failure.sample.lang}] ${failure.message}`
}
