/** Loads the golden case files and computes what the translator produces for a case. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { renderCurl, renderHttp, renderSupabaseJs, translate, type RenderResult } from '../../src/index'
import type { JsonValue } from '@docs/postgrest-request'

export const GOLDEN_DIR = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'golden')

export type Rendering = string | { error: { kind: string; message: string } }

/** What a case records: the request model (HTTP part) and its three renderings, or the error. */
export interface GoldenOutcome {
  model?: {
    method: string
    path: string
    /** One single-key map per query parameter, in order (readable in YAML). */
    query: Record<string, string>[]
    headers: { name: string; value: string }[]
    body?: JsonValue
  }
  warnings?: string[]
  /** Note codes; a note's alternative request as raw HTTP and supabase-js. */
  notes?: { code: string; alternative?: { http: Rendering; js: Rendering } }[]
  curl?: Rendering
  http?: Rendering
  js?: Rendering
  error?: {
    kind: string
    message: string
    hint: string
    position?: number
    /** The advice's call is recorded as its raw HTTP rendering. */
    advice?: { rewrite?: string; create?: string; call?: Rendering }
  }
}

export interface GoldenCase extends GoldenOutcome {
  name: string
  sql: string
}

export interface GoldenFile {
  file: string
  /** The comment lines at the top of the file, kept when the file is rewritten. */
  header: string
  cases: GoldenCase[]
}

export function loadGoldenFiles(): GoldenFile[] {
  return readdirSync(GOLDEN_DIR)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(GOLDEN_DIR, file), 'utf8')
      const lines = text.split('\n')
      const headerLength = lines.findIndex((line) => !line.startsWith('#'))
      const header = lines.slice(0, Math.max(headerLength, 0)).join('\n')
      const cases = parse(text) as unknown
      if (!Array.isArray(cases)) throw new Error(`${file}: expected a list of cases`)
      cases.forEach((entry: unknown, index) => {
        const item = entry as Partial<GoldenCase> | null
        if (typeof item?.name !== 'string' || typeof item.sql !== 'string') {
          throw new Error(`${file}: case ${index + 1} needs a string "name" and "sql"`)
        }
      })
      return { file, header, cases: cases as GoldenCase[] }
    })
}

function rendering(result: RenderResult): Rendering {
  return result.ok ? result.code : { error: { kind: result.error.kind, message: result.error.message } }
}

export function computeOutcome(sql: string): GoldenOutcome {
  const result = translate(sql)
  if (!result.ok) {
    const { advice, ...error } = result.error
    if (!advice) return { error }
    const { call, ...code } = advice
    return {
      error: { ...error, advice: { ...code, ...(call ? { call: rendering(renderHttp(call)) } : {}) } },
    }
  }
  const { method, path, query, headers, body } = result.request
  const outcome: GoldenOutcome = {
    model: {
      method,
      path,
      query: query.map(([name, value]) => ({ [name]: value })),
      headers,
      ...(body === undefined ? {} : { body }),
    },
  }
  if (result.warnings.length > 0) outcome.warnings = result.warnings.map((warning) => warning.code)
  if (result.notes.length > 0) {
    outcome.notes = result.notes.map(({ code, alternative }) =>
      alternative
        ? {
            code,
            alternative: {
              http: rendering(renderHttp(alternative)),
              js: rendering(renderSupabaseJs(alternative)),
            },
          }
        : { code },
    )
  }
  outcome.curl = rendering(renderCurl(result.request))
  outcome.http = rendering(renderHttp(result.request))
  outcome.js = rendering(renderSupabaseJs(result.request))
  return outcome
}

export function expectedOutcome(entry: GoldenCase): GoldenOutcome {
  const { name: _name, sql: _sql, ...outcome } = entry
  return outcome
}
