import type { RenderResult, TranslateError } from '@docs/sql-to-rest'
import { MAX_SQL_LENGTH, type OutputLanguage } from './tool-state'

type Translator = typeof import('@docs/sql-to-rest')

export interface ToolOutput {
  error?: TranslateError
  outputs: Record<OutputLanguage, RenderResult>
  warnings: string[]
}

const EMPTY: Record<OutputLanguage, RenderResult> = {
  curl: { ok: true, code: '' },
  http: { ok: true, code: '' },
  js: { ok: true, code: '' },
}

/**
 * One translation for the three outputs. A renderer failure stays with its own panel; a
 * translation failure is the single error of the whole tool.
 */
export function translateForTool(translator: Translator, sql: string, baseUrl: string, apiKey: string): ToolOutput {
  if (sql.length > MAX_SQL_LENGTH) {
    return {
      error: {
        kind: 'unsupported',
        message: `The query is ${sql.length.toLocaleString('en')} characters long; the tool translates up to ${MAX_SQL_LENGTH.toLocaleString('en')}.`,
        hint: 'Translate one statement at a time.',
      },
      outputs: EMPTY,
      warnings: [],
    }
  }
  const result = translator.translate(sql)
  if (!result.ok) return { error: result.error, outputs: EMPTY, warnings: [] }
  return {
    outputs: {
      curl: translator.renderCurl(result.request, { baseUrl, apiKey }),
      http: translator.renderHttp(result.request, { baseUrl, apiKey }),
      js: translator.renderSupabaseJs(result.request),
    },
    warnings: result.warnings.map((warning) => warning.message),
  }
}
