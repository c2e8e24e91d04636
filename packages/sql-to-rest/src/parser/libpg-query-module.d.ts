// Type declarations for the Emscripten factory that libpg-query ships next to its wrapper.
// We import the factory directly (not the package entry) because the entry starts loading the
// WASM as soon as it is imported, from a URL relative to the page, with no way to override it.
declare module 'libpg-query/wasm/libpg-query.js' {
  export interface PgQueryEmscriptenModule {
    _malloc(size: number): number
    _free(pointer: number): void
    _wasm_parse_query_raw(queryPointer: number): number
    _wasm_free_parse_result(resultPointer: number): void
    _wasm_scan(queryPointer: number): number
    _wasm_free_string(pointer: number): void
    lengthBytesUTF8(text: string): number
    stringToUTF8(text: string, pointer: number, maxBytes: number): void
    UTF8ToString(pointer: number): string
    getValue(pointer: number, type: 'i32'): number
  }
  export interface PgQueryModuleOptions {
    locateFile?: (file: string, scriptDirectory: string) => string
    print?: (text: string) => void
    printErr?: (text: string) => void
    /** Instantiates the WebAssembly itself, for example from a module compiled elsewhere. */
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance) => void,
    ) => Record<string, never>
  }
  const createPgQueryModule: (options?: PgQueryModuleOptions) => Promise<PgQueryEmscriptenModule>
  export default createPgQueryModule
}
