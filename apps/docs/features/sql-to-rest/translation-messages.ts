import type { ToolOutput } from './translate-output'

/** What the page asks the translator worker: the latest query and where the parser lives. */
export interface TranslationRequest {
  id: number
  /** SQL to translate, or (direction `rest`) a URL, curl command or raw HTTP request to read. */
  sql: string
  direction: 'sql' | 'rest'
  baseUrl: string
  apiKey: string
  wasmUrl: string
}

/** The worker's answer to request `id`: the outputs, or why the parser could not load. */
export type TranslationReply = { id: number; output: ToolOutput } | { id: number; failed: string }
