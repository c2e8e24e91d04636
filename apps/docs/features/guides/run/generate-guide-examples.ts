/**
 * Finds the guides' runnable supabase-js blocks (```ts runnable```) and compiles them into one
 * TypeScript module (`guide-examples.generated.ts`): each block's code, exactly as the page shows
 * it, becomes the body of a function, so the page and the tests run it without evaluating a string.
 * Written by `npm run generate:guide-examples -w @docs/site`; a test fails when the file is stale.
 *
 * A block runs over a database made by the page's `runnable` SQL blocks above it, with the `[api]`
 * settings of the config.toml block above it, and is held to the next block titled `Response`
 * (blocks of its own `<Tabs>` may sit between).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { splitPreamble } from '@/components/ui/code-meta'
import { documentedResult, RESULT_FIELDS, type ExampleResult, type Json } from '@/features/reference/runner'
import {
  apiSettings,
  DEFAULT_API_OPTIONS,
  isConfig,
  isResponse,
  isTypeScript,
  parseHttpText,
  readBlocks,
  type Block,
} from '../rest-api-examples'
import { guideExampleKey, type GuideExample } from './guide-example'

const GUIDES_DIR = 'content/guides'
export const GENERATED_FILE = 'features/guides/run/guide-examples.generated.ts'

export interface FoundExample extends Omit<GuideExample, 'run'> {
  /** `api/filtering#2`: the page and the block's place among the page's runnable blocks. */
  key: string
  /** The code the page shows: what runs, character for character. */
  code: string
}

// The Run gives the block its own client: a hidden preamble may import, make or declare `supabase`,
// no more.
const PREAMBLE_LINE =
  /^\s*(import\s.*|const supabase = createClient(<[^>]*>)?\(.*\);?|declare const supabase: [\w.'"()@/-]*SupabaseClient(<[^>]*>)?;?)?\s*$/

/** Whether a parsed JSON Response is a supabase-js result rather than an HTTP body. */
function isClientResult(value: unknown): value is Record<string, Json> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.includes('status') && keys.every((key) => (RESULT_FIELDS as readonly string[]).includes(key))
}

/** A PostgREST error body: what supabase-js returns as `error`. */
function isErrorBody(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value
}

function parseBody(text: string, at: string): Json {
  if (text.trim() === '') return null
  try {
    return JSON.parse(text) as Json
  } catch {
    throw new Error(`${at}: the Response body is not JSON`)
  }
}

/**
 * What a Response block documents, in supabase-js's terms:
 *   - JSON with `status` and only the result's fields: the whole result (a left-out field is null);
 *   - any other JSON: the HTTP body, which supabase-js returns as `error` when it is PostgREST's
 *     error object and as `data` otherwise;
 *   - HTTP (`HTTP/1.1 200 OK`, headers, body): the same, plus `status` and `statusText`, and
 *     `count` when a successful response's Content-Range header shows a total (supabase-js reads
 *     no count from an error).
 */
export function expectedResult(response: Block, at: string): Partial<ExampleResult> {
  if (response.lang === 'http') {
    const { status, statusText, headers, body } = parseHttpText(response.code, true)
    const parsed = parseBody(body, at)
    const total = headers.find(([name]) => name === 'content-range')?.[1].split('/')[1]
    return {
      ...(isErrorBody(parsed) ? { data: null, error: parsed } : { data: parsed, error: null }),
      status,
      statusText,
      ...(status !== undefined && status < 300 && total !== undefined && /^\d+$/.test(total)
        ? { count: Number(total) }
        : {}),
    }
  }
  if (response.lang !== 'json')
    throw new Error(`${at}: a Response for supabase-js is json or http, not ${response.lang}`)
  const parsed = parseBody(response.code, at)
  if (isClientResult(parsed)) return documentedResult(parsed)
  return isErrorBody(parsed) ? { data: null, error: parsed } : { data: parsed, error: null }
}

/** The Response block after block `index`, past the other blocks of its `<Tabs>`. */
function responseAfter(blocks: Block[], index: number): Block | undefined {
  const tabs = blocks[index]!.tabs
  let next = index + 1
  while (tabs && blocks[next]?.tabs === tabs) next++
  const block = blocks[next]
  return block && isResponse(block) ? block : undefined
}

/** The runnable supabase-js blocks of one guide page, in page order. */
export function examplesOfPage(file: string, source: string): FoundExample[] {
  const blocks = readBlocks(source)
  const sql: string[] = []
  let api = DEFAULT_API_OPTIONS
  const found: FoundExample[] = []
  blocks.forEach((block, index) => {
    if (block.lang === 'sql' && block.runnable) sql.push(block.code)
    else if (isConfig(block)) api = apiSettings(block.code).options
    else if (isTypeScript(block) && block.runnable) {
      const at = `${file}:${block.line}`
      const { preamble, visible } = splitPreamble(block.code)
      const stray = preamble.split('\n').find((line) => !PREAMBLE_LINE.test(line))
      if (stray !== undefined) {
        throw new Error(
          `${at}: a runnable block's hidden preamble may only import, create or declare supabase, not: ${stray}`,
        )
      }
      const response = responseAfter(blocks, index)
      found.push({
        key: guideExampleKey(file, found.length + 1),
        file,
        line: block.line,
        code: visible.replace(/\n+$/, ''),
        sql: [...sql],
        api: { schemas: api.schemas, maxRows: api.maxRows },
        ...(block.client ? { client: block.client } : {}),
        ...(response ? { expected: expectedResult(response, `${file}:${response.line}`) } : {}),
      })
    }
  })
  return found
}

/** Every guide's runnable supabase-js blocks, pages in path order. */
export function findGuideExamples(docsDir: string): FoundExample[] {
  const root = path.join(docsDir, GUIDES_DIR)
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => name.split(path.sep).join('/'))
    .sort()
    .flatMap((name) => {
      const source = readFileSync(path.join(root, name), 'utf8')
      // Most pages have none: parse only those that could.
      return /```(ts|typescript)\b[^\n]*\brunnable\b/.test(source)
        ? examplesOfPage(`${GUIDES_DIR}/${name}`, source)
        : []
    })
}

/** The function body the module holds for an example. */
export function compiledBody(code: string): string {
  return `    run: async (supabase, console) => {\n${code}\n    },`
}

export function guideExamplesModuleSource(examples: FoundExample[]): string {
  const blocks: string[] = []
  const blockIndex = (sql: string) => {
    const index = blocks.indexOf(sql)
    return index >= 0 ? index : blocks.push(sql) - 1
  }
  const entries = examples.map(({ key, file, line, sql, api, client, expected, code }) => {
    const fields = [
      `    file: ${JSON.stringify(file)},`,
      `    line: ${line},`,
      `    sql: [${sql.map((text) => `SQL[${blockIndex(text)}]!`).join(', ')}],`,
      `    api: ${JSON.stringify(api)},`,
      ...(client ? [`    client: ${JSON.stringify(client)},`] : []),
      ...(expected ? [`    expected: ${JSON.stringify(expected)},`] : []),
      compiledBody(code),
    ]
    return `  ${JSON.stringify(key)}: {\n${fields.join('\n')}\n  },`
  })
  return `/**
 * Generated from the guides' \`runnable\` supabase-js blocks by generate-guide-examples.ts
 * (\`npm run generate:guide-examples -w @docs/site\`): do not edit. Each \`run\` body is a block's
 * code exactly as the page shows it.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- examples destructure what a reader would use */
import type { GuideExample } from './guide-example'

// prettier-ignore
const SQL = ${JSON.stringify(blocks, null, 2)}

// prettier-ignore
export const guideExamples: Record<string, GuideExample> = {
${entries.join('\n')}
}
`
}

/** Writes the module inside the docs app folder; returns its path there and the examples' count. */
export function writeGuideExamplesModule(docsDir: string): { file: string; count: number } {
  const examples = findGuideExamples(docsDir)
  writeFileSync(path.join(docsDir, GENERATED_FILE), guideExamplesModuleSource(examples))
  return { file: GENERATED_FILE, count: examples.length }
}
