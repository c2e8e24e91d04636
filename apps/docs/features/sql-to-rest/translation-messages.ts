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
  /** Run is open: send the translated request straight on to the run worker as well. */
  run: boolean
  /** The `db-aggregates-enabled` setting the run worker's engine answers with. */
  aggregatesEnabled: boolean
}

/** Sent once, when Run is first opened: the translator's end of a channel to the run worker. */
export interface RunChannel {
  runPort: MessagePort
}

/**
 * Asks for the parser's compiled WebAssembly, so the page can start its own parser without
 * fetching and compiling it again. The answer goes to `modulePort`: a `WasmModuleReply`.
 */
export interface WasmModuleRequest {
  modulePort: MessagePort
  wasmUrl: string
}

export type WasmModuleReply = { wasmModule: WebAssembly.Module } | { failed: string }

/** Load the parser now, ahead of the first request, while the page has nothing else to do. */
export interface PrepareParser {
  prepare: true
  wasmUrl: string
}

export type TranslatorMessage = TranslationRequest | RunChannel | WasmModuleRequest | PrepareParser

/**
 * The worker's answer to request `id`: the outputs (and whether the request already went on to the
 * run worker), or why the parser could not load.
 */
export type TranslationReply =
  { id: number; output: ToolOutput; forwarded: boolean } | { id: number; failed: string }
