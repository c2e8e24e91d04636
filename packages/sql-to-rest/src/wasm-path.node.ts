import { createRequire } from 'node:module'

/**
 * Absolute path of `libpg-query.wasm` in node_modules, for build steps that copy it to a fixed
 * public URL (the browser then passes that URL to `initTranslator({ wasmUrl })`).
 */
export function libpgQueryWasmPath(): string {
  return createRequire(import.meta.url).resolve('libpg-query/wasm/libpg-query.wasm')
}
