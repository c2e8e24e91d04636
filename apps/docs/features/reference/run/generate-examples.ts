/**
 * Compiles the runnable examples of the supabase-js v2 reference into one TypeScript module
 * (`examples.generated.ts`): each example's code, exactly as the page shows it, becomes the body
 * of a function, so the page and the tests run it without evaluating any string. Written by
 * `npm run generate:reference-examples -w @docs/site`; a test fails when the file is stale.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { splitPreamble } from '@/components/ui/code-meta'
import { loadClientLibSpec } from '../load-spec'
import type { ClientFunction, ClientLibSpec, FunctionExample } from '../schemas/client-library-spec'
import { CALL_RESULT_FIELDS, documentedResult, RESULT_FIELDS, type Json } from './example-result'
import { exampleKey, PLATFORM_SECTIONS } from './runnable-example'

export const SPEC_FILE = 'content/reference/javascript/v2/spec.yaml'
export const GENERATED_FILE = 'features/reference/run/examples.generated.ts'

export interface DatabaseExample {
  key: string
  fn: ClientFunction
  example: FunctionExample
  /** Why it does not run (`run.unavailable`); absent when it runs. */
  unavailable?: string
}

/** Every example with a data source, in page order. */
export function databaseExamplesOf(spec: ClientLibSpec): DatabaseExample[] {
  return examplesWhere(spec, (fn, example) => example.data !== undefined)
}

/** Every example of the auth and storage sections, in page order: each runs or says why not. */
export function platformExamplesOf(spec: ClientLibSpec): DatabaseExample[] {
  return examplesWhere(spec, (fn) => PLATFORM_SECTIONS.test(fn.id))
}

function examplesWhere(
  spec: ClientLibSpec,
  keep: (fn: ClientFunction, example: FunctionExample) => boolean,
): DatabaseExample[] {
  return spec.functions.flatMap((fn) =>
    fn.examples
      .filter((example) => keep(fn, example))
      .map((example) => ({
        key: exampleKey(fn.id, example.id),
        fn,
        example,
        unavailable: example.run?.unavailable,
      })),
  )
}

/** The code the page shows for an example: what runs, character for character. */
export function shownCode(example: FunctionExample): string {
  return splitPreamble(example.code).visible.replace(/\n+$/, '')
}

/** `declare const factorId: string // a comment`, `declare function ask(): Promise<string>` */
const DECLARATION = /^declare const ([A-Za-z_$][\w$]*): (.+?)\s*(?:\/\/.*)?$/
const FUNCTION_DECLARATION = /^declare function ([A-Za-z_$][\w$]*)(\(.*\)): (.+?)\s*(?:\/\/.*)?$/

/**
 * An example as compiled: its shown code split into the imports from supabase-js it starts with
 * (hoisted to the module, as imports are) and the body; and the values its hidden preamble
 * declares, each with its type, which the setup makes (`platform.given`).
 */
export function compiledParts(key: string, example: FunctionExample) {
  const at = `${SPEC_FILE}: ${key}`
  const { preamble } = splitPreamble(example.code)
  const declared = preamble
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const fn = FUNCTION_DECLARATION.exec(line)
      if (fn) return { name: fn[1]!, type: `${fn[2]!} => ${fn[3]!}` }
      const match = DECLARATION.exec(line)
      if (!match)
        throw new Error(`${at}: a runnable example's hidden preamble only declares values (\`${line}\`)`)
      return { name: match[1]!, type: match[2]! }
    })
  const given = Object.keys(example.platform?.given ?? {})
  for (const { name } of declared) {
    if (!given.includes(name))
      throw new Error(`${at}: the preamble declares ${name}, which platform.given does not make`)
  }
  for (const name of given) {
    if (!declared.some((entry) => entry.name === name))
      throw new Error(`${at}: platform.given makes ${name}, which the preamble does not declare`)
  }
  const lines = shownCode(example).split('\n')
  const imports: string[] = []
  while (lines[0] !== undefined && /^import .* from '@supabase\/supabase-js'$/.test(lines[0])) {
    imports.push(lines.shift()!)
    if (lines[0] === '') lines.shift()
  }
  return { imports, declared, body: lines.join('\n') }
}

function documentedResponse(key: string, example: FunctionExample): Record<string, Json> {
  const fields = example.platform ? CALL_RESULT_FIELDS : RESULT_FIELDS
  if (example.response === undefined) throw new Error(`${SPEC_FILE}: ${key} runs but has no response`)
  let parsed: unknown
  try {
    parsed = JSON.parse(example.response)
  } catch {
    throw new Error(`${SPEC_FILE}: the response of ${key} is not JSON`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${SPEC_FILE}: the response of ${key} is not { ${fields.join(', ')} }`)
  }
  try {
    documentedResult(parsed as Record<string, Json>, fields)
  } catch (error) {
    throw new Error(`${SPEC_FILE}: ${key}: ${(error as Error).message}`, { cause: error })
  }
  return parsed as Record<string, Json>
}

export function examplesModuleSource(spec: ClientLibSpec): string {
  const runnable = [...databaseExamplesOf(spec), ...platformExamplesOf(spec)].filter(
    (entry) =>
      entry.unavailable === undefined && (entry.example.data ?? entry.example.platform) !== undefined,
  )
  const sources: string[] = []
  const sourceIndex = (sql: string) => {
    const index = sources.indexOf(sql)
    return index >= 0 ? index : sources.push(sql) - 1
  }
  const imports = new Set<string>()
  const entries = runnable.map(({ key, example }) => {
    const parts = compiledParts(key, example)
    parts.imports.forEach((line) => imports.add(line))
    let setup: string
    if (example.platform) setup = `    platform: ${JSON.stringify(example.platform)},`
    else {
      const sql = example.data?.sql
      if (sql === undefined) throw new Error(`${SPEC_FILE}: ${key} runs but its data source has no sql`)
      setup = `    sql: DATA_SOURCES[${sourceIndex(sql)}]!,`
    }
    const given =
      parts.declared.length === 0
        ? ''
        : `, { ${parts.declared.map((entry) => entry.name).join(', ')} }: { ${parts.declared
            .map((entry) => `${entry.name}: ${entry.type}`)
            .join('; ')} }`
    const fields = [
      setup,
      `    response: ${JSON.stringify(documentedResponse(key, example))},`,
      ...(example.run?.varies ? [`    varies: ${JSON.stringify(example.run.varies)},`] : []),
      `    run: async (supabase, console${given}) => {\n${parts.body}\n    },`,
    ]
    return `  ${JSON.stringify(key)}: {\n${fields.join('\n')}\n  },`
  })
  return `/**
 * Generated from ${SPEC_FILE} by generate-examples.ts
 * (\`npm run generate:reference-examples -w @docs/site\`): do not edit. Each \`run\` body is an
 * example's code exactly as the page shows it.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- examples destructure what a reader would use */
${[...imports].map((line) => `${line}\n`).join('')}import type { RunnableExample } from './runnable-example'

// prettier-ignore
const DATA_SOURCES = ${JSON.stringify(sources, null, 2)}

// prettier-ignore
export const runnableExamples: Record<string, RunnableExample> = {
${entries.join('\n')}
}
`
}

/** Writes the module inside the docs app folder; returns its path there. */
export async function writeExamplesModule(docsDir: string): Promise<string> {
  const spec = await loadClientLibSpec(path.join(docsDir, SPEC_FILE))
  writeFileSync(path.join(docsDir, GENERATED_FILE), examplesModuleSource(spec))
  return GENERATED_FILE
}
