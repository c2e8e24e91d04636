/**
 * What the tool remembers between visits, and the shareable link. Everything read back from
 * storage or a URL is checked field by field: a bad value is dropped, never trusted.
 */

export const OUTPUT_LANGUAGES = ['curl', 'http', 'js'] as const
export type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number]

export const DEFAULT_BASE_URL = 'http://localhost:54321/rest/v1'
/** The public anon key every local stack uses (`supabase start` prints it); safe to show. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const STORAGE_KEY = 'docs.sql-to-rest'
/** Longer input is refused with a message rather than parsed on every keystroke. */
export const MAX_SQL_LENGTH = 20_000

export interface ToolState {
  sql: string
  language: OutputLanguage
  baseUrl: string
  dialogOpen: boolean
  /**
   * PostgREST's `db-aggregates-enabled`, which Run's engine follows. PostgREST's default is off;
   * the tool assumes it on, so the aggregates it writes (`count()`, `sum()` ...) run.
   */
  aggregatesEnabled: boolean
}

/** The tool's assumption, until the reader turns it off. */
export const DEFAULT_AGGREGATES_ENABLED = true

export function isOutputLanguage(value: unknown): value is OutputLanguage {
  return typeof value === 'string' && (OUTPUT_LANGUAGES as readonly string[]).includes(value)
}

/** Where a project serves its REST API, below the project URL. */
export const REST_PATH = '/rest/v1'

export type NormalizedBaseUrl =
  | {
      ok: true
      url: string
      /** The input was a project URL (no path): the REST path was added to it. */
      addedRestPath: boolean
      /** The input had a query string or a fragment, which the base URL leaves out. */
      leftOut?: true
    }
  | { ok: false; message: string }

/**
 * Validates a base URL typed by the reader, with a message that says what to change. The stored
 * form is the origin plus the path without trailing slashes: `https://x.test/rest/v1///` ->
 * `https://x.test/rest/v1`; a query string or fragment (`?tab=api`, pasted from a dashboard) is
 * left out. A URL with no path is a project URL, as the dashboard and the project-settings widget
 * show it (`https://<ref>.basebox.co`): the REST API is below it, so the REST path is added.
 */
export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const text = input.trim()
  if (text === '') return { ok: false, message: 'Enter a URL that starts with http:// or https://.' }
  const scheme = /^([a-z][a-z\d+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase()
  if (scheme === undefined) return { ok: false, message: 'Start with http:// or https://.' }
  if (scheme !== 'http' && scheme !== 'https')
    return { ok: false, message: `Only http:// and https:// URLs work here, not ${scheme}://.` }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return {
      ok: false,
      message: `After ${scheme}:// comes a host name without spaces, such as localhost:54321.`,
    }
  }
  if (url.username !== '' || url.password !== '')
    return { ok: false, message: 'Leave out the user name and password: the API key goes in a header.' }
  const leftOut = /[?#]/.test(text) ? { leftOut: true as const } : {}
  const path = url.pathname.replace(/\/+$/, '')
  if (path === '') return { ok: true, url: `${url.origin}${REST_PATH}`, addedRestPath: true, ...leftOut }
  return { ok: true, url: `${url.origin}${path}`, addedRestPath: false, ...leftOut }
}

/** The request the REST to SQL direction starts with, sent to the reader's base URL. */
export function restSample(baseUrl: string): string {
  return `${baseUrl}/products?select=name,price,...categories!inner(category:name)&categories.name=eq.Kitchen&order=price.desc`
}

export function loadStoredState(storage: Pick<Storage, 'getItem'> | undefined): Partial<ToolState> {
  let raw: unknown
  try {
    raw = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null')
  } catch {
    return {}
  }
  if (typeof raw !== 'object' || raw === null) return {}
  const record = raw as Record<string, unknown>
  const state: Partial<ToolState> = {}
  if (typeof record.sql === 'string' && record.sql.length <= MAX_SQL_LENGTH) state.sql = record.sql
  if (isOutputLanguage(record.language)) state.language = record.language
  if (typeof record.baseUrl === 'string') {
    const normalized = normalizeBaseUrl(record.baseUrl)
    if (normalized.ok) state.baseUrl = normalized.url
  }
  if (typeof record.dialogOpen === 'boolean') state.dialogOpen = record.dialogOpen
  if (typeof record.aggregatesEnabled === 'boolean') state.aggregatesEnabled = record.aggregatesEnabled
  return state
}

export function saveState(storage: Pick<Storage, 'setItem'> | undefined, state: ToolState): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // Storage full or blocked: the tool keeps working, it just forgets on reload.
  }
}

/** The link restores the SQL and the output language, nothing else. */
export function shareUrl(pageUrl: string, sql: string, language: OutputLanguage): string {
  const url = new URL(pageUrl)
  url.hash = ''
  url.searchParams.set('sql', sql)
  url.searchParams.set('lang', language)
  return url.toString()
}

export function stateFromShareUrl(search: string): Partial<Pick<ToolState, 'sql' | 'language'>> {
  const params = new URLSearchParams(search)
  const state: Partial<Pick<ToolState, 'sql' | 'language'>> = {}
  const sql = params.get('sql')
  if (sql !== null && sql.length <= MAX_SQL_LENGTH) state.sql = sql
  const language = params.get('lang')
  if (isOutputLanguage(language)) state.language = language
  return state
}

/** Four groups of four asterisks: shows that a value is there without revealing its length. */
export const MASKED_VALUE = '**** **** **** ****'
