/** The shape of a compiled reference example (`examples.generated.ts`). */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Json } from './example-result'

/** The `console` an example writes to: what it prints is shown beside the result. */
export interface ExampleConsole {
  log(...values: unknown[]): void
  error(...values: unknown[]): void
}

export interface RunnableExample {
  /** The data source: SQL that creates and fills the tables. */
  sql: string
  /** The documented Response, parsed. */
  response: Record<string, Json>
  /** Paths compared by type only (`run.varies` in the spec). */
  varies?: string[]
  /** The example's code, as shown, as the body of this function. */
  run: (supabase: SupabaseClient, console: ExampleConsole) => Promise<void>
}

/** `select/all-rows`: the function's id and the example's id. */
export function exampleKey(functionId: string, exampleId: string): string {
  return `${functionId}/${exampleId}`
}
