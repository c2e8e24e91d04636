/** The shape of a compiled reference example (`examples.generated.ts`). */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ExamplePlatform } from '../schemas/client-library-spec'
import type { Json } from './example-result'

/** The `console` an example writes to: what it prints is shown beside the result. */
export interface ExampleConsole {
  log(...values: unknown[]): void
  error(...values: unknown[]): void
}

/** The values an example's hidden preamble declares, made by its setup (`platform.given`). */
export type GivenValues = Record<string, unknown>

interface CompiledExample {
  /** The documented Response, parsed. */
  response: Record<string, Json>
  /** Paths compared by type only (`run.varies` in the spec). */
  varies?: string[]
  /**
   * The example's code, as shown, as the body of this function; `given` holds what its hidden
   * preamble declares (a method, so each example may type the values it takes).
   */
  run(supabase: SupabaseClient, console: ExampleConsole, given: GivenValues): Promise<void>
}

/** A database example: its data source is SQL that creates and fills the tables. */
export interface DatabaseRunnable extends CompiledExample {
  sql: string
  platform?: undefined
}

/** An auth or storage example: the project it runs against (`platform` in the spec). */
export interface PlatformRunnable extends CompiledExample {
  sql?: undefined
  platform: ExamplePlatform
}

export type RunnableExample = DatabaseRunnable | PlatformRunnable

/** `select/all-rows`: the function's id and the example's id. */
export function exampleKey(functionId: string, exampleId: string): string {
  return `${functionId}/${exampleId}`
}

/** The sections whose examples run on the platform: the auth client's and the storage client's. */
export const PLATFORM_SECTIONS = /^(auth|mfa|admin|storage)-/
