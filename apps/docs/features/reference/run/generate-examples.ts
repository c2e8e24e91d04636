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
import { documentedResult, type Json } from './example-result'
import { exampleKey } from './runnable-example'

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
  return spec.functions.flatMap((fn) =>
    fn.examples
      .filter((example) => example.data !== undefined)
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
  const { preamble, visible } = splitPreamble(example.code)
  if (preamble !== '') throw new Error(`${example.id}: a runnable example has no hidden preamble`)
  return visible.replace(/\n+$/, '')
}

function documentedResponse(key: string, example: FunctionExample): Record<string, Json> {
  if (example.response === undefined) throw new Error(`${SPEC_FILE}: ${key} runs but has no response`)
  let parsed: unknown
  try {
    parsed = JSON.parse(example.response)
  } catch {
    throw new Error(`${SPEC_FILE}: the response of ${key} is not JSON`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${SPEC_FILE}: the response of ${key} is not { data, error, count, status, statusText }`)
  }
  try {
    documentedResult(parsed as Record<string, Json>)
  } catch (error) {
    throw new Error(`${SPEC_FILE}: ${key}: ${(error as Error).message}`, { cause: error })
  }
  return parsed as Record<string, Json>
}

export function examplesModuleSource(spec: ClientLibSpec): string {
  const runnable = databaseExamplesOf(spec).filter((entry) => entry.unavailable === undefined)
  const sources: string[] = []
  const sourceIndex = (sql: string) => {
    const index = sources.indexOf(sql)
    return index >= 0 ? index : sources.push(sql) - 1
  }
  const entries = runnable.map(({ key, example }) => {
    const sql = example.data?.sql
    if (sql === undefined) throw new Error(`${SPEC_FILE}: ${key} runs but its data source has no sql`)
    const fields = [
      `    sql: DATA_SOURCES[${sourceIndex(sql)}]!,`,
      `    response: ${JSON.stringify(documentedResponse(key, example))},`,
      ...(example.run?.varies ? [`    varies: ${JSON.stringify(example.run.varies)},`] : []),
      `    run: async (supabase, console) => {\n${shownCode(example)}\n    },`,
    ]
    return `  ${JSON.stringify(key)}: {\n${fields.join('\n')}\n  },`
  })
  return `/**
 * Generated from ${SPEC_FILE} by generate-examples.ts
 * (\`npm run generate:reference-examples -w @docs/site\`): do not edit. Each \`run\` body is an
 * example's code exactly as the page shows it.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- examples destructure what a reader would use */
import type { RunnableExample } from './runnable-example'

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
