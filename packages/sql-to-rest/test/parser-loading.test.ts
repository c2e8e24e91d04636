import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { initTranslator, isTranslatorReady, loadParser, translate } from '../src/index'
import { libpgQueryWasmPath } from '../src/wasm-path.node'

describe('loading the parser', () => {
  it('asks for initTranslator() before the first translation', () => {
    expect(isTranslatorReady()).toBe(false)
    expect(() => translate('select * from t')).toThrow(/initTranslator/)
  })

  it('loads once and then translates synchronously', async () => {
    const first = initTranslator()
    expect(initTranslator()).toBeInstanceOf(Promise)
    await first
    expect(isTranslatorReady()).toBe(true)
    expect(translate('select * from t')).toMatchObject({ ok: true })
  })

  it('points at the .wasm file shipped by libpg-query', () => {
    const path = libpgQueryWasmPath()
    expect(path).toMatch(/libpg-query[\\/]wasm[\\/]libpg-query\.wasm$/)
    expect(existsSync(path)).toBe(true)
  })

  it('fetches the WASM from the URL it is given', async () => {
    // A copy under another name: found only if the override is really used.
    const directory = mkdtempSync(join(tmpdir(), 'sql-to-rest-'))
    const copy = join(directory, 'parser-copy.wasm')
    copyFileSync(libpgQueryWasmPath(), copy)
    const parser = await loadParser({ wasmUrl: pathToFileURL(copy) })
    expect(parser.parse('select 1')).toMatchObject({ ok: true })
  })

  it('fails with the URL in the message when the WASM is not there', async () => {
    const missing = join(tmpdir(), 'no-such-dir', 'libpg-query.wasm')
    await expect(loadParser({ wasmUrl: missing })).rejects.toThrow(missing)
  })

  it('starts from a module compiled elsewhere, without fetching anything', async () => {
    const compiled = await WebAssembly.compile(readFileSync(libpgQueryWasmPath()))
    // A URL that does not exist: were it fetched, the load would fail.
    const parser = await loadParser({
      wasmModule: compiled,
      wasmUrl: join(tmpdir(), 'no-such-dir', 'x.wasm'),
    })
    expect(parser.parse('select 1')).toMatchObject({ ok: true })
    expect(parser.scan('select 1').map((token) => token.text)).toEqual(['select', '1'])
  })

  it('fails, rather than waiting for ever, when the compiled module does not fit', async () => {
    // A valid WebAssembly module with none of the parser's imports or exports.
    const empty = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))
    await expect(loadParser({ wasmModule: empty })).rejects.toThrow(/compiled module/)
  })

  it('reports syntax errors with a zero-based position', async () => {
    const parser = await loadParser()
    expect(parser.parse('select * form t')).toEqual({
      ok: false,
      message: 'syntax error at or near "form"',
      position: 9,
    })
  })
})
