// A reference (not an import) so that programs compiling this source, such as the site, see the
// declarations of the Emscripten factory too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./libpg-query-module.d.ts" />
import type { ParseResult } from 'libpg-query'
import type { PgQueryEmscriptenModule } from 'libpg-query/wasm/libpg-query.js'

export interface ParserOptions {
  /**
   * Where to fetch `libpg-query.wasm` from. In the browser, a URL (for example
   * `/wasm/libpg-query.wasm`); in Node, a file path or a `file:` URL. Without it, the
   * Emscripten loader looks next to its own script, which works in Node but not in a bundle.
   */
  wasmUrl?: string | URL
  /**
   * The parser's WebAssembly, already compiled (for example by a worker that loaded it first and
   * posted it over). Used instead of `wasmUrl`: nothing is fetched or compiled again.
   */
  wasmModule?: WebAssembly.Module
}

export type ParseOutcome =
  { ok: true; tree: ParseResult } | { ok: false; message: string; position: number | undefined }

/** A token of the SQL text, as Postgres's scanner cuts it: `[start, end)` offsets and the text. */
export interface SqlToken {
  start: number
  end: number
  text: string
}

export interface SqlParser {
  parse(sql: string): ParseOutcome
  /** The tokens of a statement; empty when the text does not scan. */
  scan(sql: string): SqlToken[]
}

const WASM_FILE = 'libpg-query.wasm'

/** Loads a fresh parser instance. Every call instantiates the WASM module again. */
export async function loadParser(options: ParserOptions = {}): Promise<SqlParser> {
  const wasmUrl = options.wasmUrl === undefined ? undefined : String(options.wasmUrl)
  const emscriptenErrors: string[] = []
  let module: PgQueryEmscriptenModule
  const { wasmModule } = options
  try {
    const { default: createModule } = await import('libpg-query/wasm/libpg-query.js')
    // Emscripten's hook for a module compiled elsewhere never reports a failure: it is raced here.
    let failInstantiation: (reason: unknown) => void = () => {}
    const instantiationFailed = new Promise<never>((_, reject) => (failInstantiation = reject))
    module = await Promise.race([
      createModule({
        locateFile: (file, scriptDirectory) =>
          file === WASM_FILE && wasmUrl !== undefined ? wasmUrl : scriptDirectory + file,
        // Emscripten prints its own diagnostics; keep them for the error message instead.
        printErr: (text) => emscriptenErrors.push(text),
        ...(wasmModule && {
          instantiateWasm: (imports, receive) => {
            WebAssembly.instantiate(wasmModule, imports).then(receive).catch(failInstantiation)
            return {}
          },
        }),
      }),
      instantiationFailed,
    ])
  } catch (cause) {
    const where = wasmModule
      ? 'the compiled module it was given'
      : (wasmUrl ?? `the default location of ${WASM_FILE}`)
    const detail = emscriptenErrors[0] ?? (cause instanceof Error ? cause.message : String(cause))
    throw new Error(`Could not load the SQL parser from ${where}: ${detail}`, { cause })
  }
  return { parse: (sql) => parseWith(module, sql), scan: (sql) => scanWith(module, sql) }
}

// Mirrors the layout of libpg-query's PgQueryParseResult and PgQueryError C structs.
function parseWith(module: PgQueryEmscriptenModule, sql: string): ParseOutcome {
  const byteLength = module.lengthBytesUTF8(sql) + 1
  const queryPointer = module._malloc(byteLength)
  let resultPointer = 0
  try {
    module.stringToUTF8(sql, queryPointer, byteLength)
    resultPointer = module._wasm_parse_query_raw(queryPointer)
    if (!resultPointer) return { ok: false, message: 'The parser ran out of memory.', position: undefined }
    const treePointer = module.getValue(resultPointer, 'i32')
    const errorPointer = module.getValue(resultPointer + 8, 'i32')
    if (errorPointer) {
      const messagePointer = module.getValue(errorPointer, 'i32')
      const cursor = module.getValue(errorPointer + 16, 'i32')
      return {
        ok: false,
        message: messagePointer ? module.UTF8ToString(messagePointer) : 'syntax error',
        // The parser counts characters from 1; 0 means "no position".
        position: cursor > 0 ? cursor - 1 : undefined,
      }
    }
    if (!treePointer) return { ok: false, message: 'The parser returned no tree.', position: undefined }
    return { ok: true, tree: JSON.parse(module.UTF8ToString(treePointer)) as ParseResult }
  } finally {
    module._free(queryPointer)
    if (resultPointer) module._wasm_free_parse_result(resultPointer)
  }
}

function scanWith(module: PgQueryEmscriptenModule, sql: string): SqlToken[] {
  const byteLength = module.lengthBytesUTF8(sql) + 1
  const queryPointer = module._malloc(byteLength)
  let resultPointer = 0
  try {
    module.stringToUTF8(sql, queryPointer, byteLength)
    resultPointer = module._wasm_scan(queryPointer)
    const text = resultPointer ? module.UTF8ToString(resultPointer) : ''
    if (!text.startsWith('{')) return []
    const tokens = (JSON.parse(text) as { tokens?: { start: number; end: number }[] }).tokens ?? []
    // The scanner counts UTF-8 bytes; the rest of the translator counts characters.
    const characterAt = byteToCharacterOffsets(sql)
    return tokens.map((token) => {
      const start = characterAt(token.start)
      const end = characterAt(token.end)
      return { start, end, text: sql.slice(start, end) }
    })
  } finally {
    module._free(queryPointer)
    if (resultPointer) module._wasm_free_string(resultPointer)
  }
}

/** Maps UTF-8 byte offsets (what libpg_query reports) to string offsets. */
export function byteToCharacterOffsets(text: string): (byte: number) => number {
  // Plain ASCII: bytes and characters are the same.
  if (/^[\u0020-\u007e\t\n\r]*$/.test(text)) return (byte) => byte
  const offsets: number[] = []
  let index = 0
  for (const char of text) {
    const bytes = new TextEncoder().encode(char).length
    for (let i = 0; i < bytes; i++) offsets.push(index)
    index += char.length
  }
  offsets.push(index)
  return (byte) => offsets[byte] ?? index
}

let sharedParser: SqlParser | undefined
let sharedLoading: Promise<SqlParser> | undefined

/**
 * Loads the shared parser once. Later calls return the same promise; the options of the first
 * call win. A failed load is forgotten, so a later call can try again.
 */
export function initTranslator(options: ParserOptions = {}): Promise<void> {
  if (!sharedLoading) {
    sharedLoading = loadParser(options).then(
      (parser) => (sharedParser = parser),
      (error: unknown) => {
        sharedLoading = undefined
        throw error
      },
    )
  }
  return sharedLoading.then(() => undefined)
}

export function isTranslatorReady(): boolean {
  return sharedParser !== undefined
}

export function sharedParserOrThrow(): SqlParser {
  if (!sharedParser) {
    throw new Error('The SQL parser is not loaded yet: await initTranslator() before translate().')
  }
  return sharedParser
}
