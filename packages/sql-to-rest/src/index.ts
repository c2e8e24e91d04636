/**
 * SQL to PostgREST: translate one SQL statement into the equivalent REST request, then render
 * it as curl, raw HTTP or supabase-js code. Nothing here calls a server.
 *
 *   await initTranslator()              // once; in the browser pass { wasmUrl }
 *   const result = translate(sql)       // synchronous from then on
 *   if (result.ok) renderCurl(result.request, { baseUrl })
 */
import { sharedParserOrThrow } from './parser/load-parser'
import { translateWith, type TranslateResult } from './translate/translate'

export { initTranslator, isTranslatorReady, loadParser } from './parser/load-parser'
export type { ParserOptions, SqlParser } from './parser/load-parser'
export type { Advice, TranslateError, TranslateErrorKind } from './errors'
export type * from '@docs/postgrest-request'
export type { TranslateResult } from './translate/translate'
export { renderCurl } from './render/curl'
export { renderHttp } from './render/http'
export { renderSupabaseJs } from './render/supabase-js'
export { renderSql, type SqlRelationship, type SqlRenderOptions } from './render/sql'
export { DEFAULT_BASE_URL, type HttpRenderOptions, type RenderResult } from './render/shared'

/** Translates one SQL statement. Call `initTranslator()` once before. */
export function translate(sql: string): TranslateResult {
  return translateWith(sharedParserOrThrow(), sql)
}

export { translateWith }

// Running both sides: the reader's SQL on a Postgres client (PGlite in the page) and the request
// on a fetch-compatible PostgREST handler (the REST engine), and the rows compared.
export { runSql, type RowEntries, type SqlClient, type SqlRun } from './execute/run'
export { compareRows, type RowComparison } from './execute/compare'
export { fetchRequest } from './execute/fetch-request'
export { sampleDataSql, sampleSchemaSql, sampleTables, type SampleTable } from './sample/sample-data'
export { parseRestRequest, type ParseRequestResult, type ParseRestOptions } from '@docs/postgrest-request'
export {
  runBothSides,
  runRequest,
  TableSnapshots,
  type BothSides,
  type RestHandler,
  type RestResponse,
  type RestRun,
} from './execute/run-both'
