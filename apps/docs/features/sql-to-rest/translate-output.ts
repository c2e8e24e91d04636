import type { Note, RenderResult, RequestModel, TranslateError } from '@docs/sql-to-rest'
import { sampleSchemaCache } from './sample-schema-cache'
import { MAX_SQL_LENGTH, type OutputLanguage } from './tool-state'

type Translator = typeof import('@docs/sql-to-rest')

/** A note on the request, and the request it offers instead, in each output language. */
export interface ToolNote {
  message: string
  alternative?: Record<OutputLanguage, RenderResult>
}

export interface ToolOutput {
  error?: TranslateError
  /** The request that reads the view or calls the function a refusal's advice creates. */
  adviceCall?: Record<OutputLanguage, RenderResult>
  outputs: Record<OutputLanguage, RenderResult>
  warnings: string[]
  notes: ToolNote[]
  /** The request itself, for the run worker to execute on the sample data. */
  request?: RequestModel
  /** REST to SQL: the SQL a reader would write for the request, on the sample shop's tables. */
  sql?: string
}

const EMPTY: Record<OutputLanguage, RenderResult> = {
  curl: { ok: true, code: '' },
  http: { ok: true, code: '' },
  js: { ok: true, code: '' },
}

function basePathOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).pathname
  } catch {
    return undefined
  }
}

/** The request a text means, in either direction, or the error to show. */
export function requestOf(
  translator: Translator,
  text: string,
  direction: 'sql' | 'rest',
  baseUrl?: string,
):
  | { ok: true; request: RequestModel; warnings: string[]; notes: Note[] }
  | { ok: false; error: TranslateError } {
  if (text.length > MAX_SQL_LENGTH) {
    return {
      ok: false,
      error: {
        kind: 'unsupported',
        message: `The ${direction === 'sql' ? 'query' : 'request'} is ${text.length.toLocaleString('en')} characters long; the tool translates up to ${MAX_SQL_LENGTH.toLocaleString('en')}.`,
        hint: 'Translate one statement at a time.',
      },
    }
  }
  if (direction === 'rest') {
    // A request to the reader's own base URL names its resource after that URL's path.
    const parsed = translator.parseRestRequest(text, baseUrl ? { basePath: basePathOf(baseUrl) } : {})
    return parsed.ok ? { ok: true, request: parsed.request, warnings: [], notes: [] } : parsed
  }
  const result = translator.translate(text)
  return result.ok
    ? {
        ok: true,
        request: result.request,
        warnings: result.warnings.map((warning) => warning.message),
        notes: result.notes,
      }
    : result
}

/**
 * One translation for the three outputs. A renderer failure stays with its own panel; a
 * translation failure is the single error of the whole tool.
 */
export function translateForTool(
  translator: Translator,
  text: string,
  baseUrl: string,
  apiKey: string,
  direction: 'sql' | 'rest' = 'sql',
): ToolOutput {
  const renderAll = (request: RequestModel): Record<OutputLanguage, RenderResult> => ({
    curl: translator.renderCurl(request, { baseUrl, apiKey }),
    http: translator.renderHttp(request, { baseUrl, apiKey }),
    js: translator.renderSupabaseJs(request),
  })
  const result = requestOf(translator, text, direction, baseUrl)
  if (!result.ok) {
    const call = result.error.advice?.call
    return {
      error: result.error,
      outputs: EMPTY,
      warnings: [],
      notes: [],
      ...(call ? { adviceCall: renderAll(call) } : {}),
    }
  }
  return {
    outputs: renderAll(result.request),
    warnings: result.warnings,
    notes: result.notes.map(({ message, alternative }) =>
      alternative ? { message, alternative: renderAll(alternative) } : { message },
    ),
    request: result.request,
    ...(direction === 'rest'
      ? { sql: translator.renderSql(result.request, { relationships: sampleSchemaCache.relationships }) }
      : {}),
  }
}
