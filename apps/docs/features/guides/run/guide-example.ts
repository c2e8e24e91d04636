/** The shape of a compiled guide example (`guide-examples.generated.ts`). */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { RestEngineOptions } from '@docs/rest-engine'
import type { ExampleConsole, ExampleResult } from '@/features/reference/runner'

export interface GuideExample {
  /** `content/guides/api/filtering.mdx` */
  file: string
  /** The line of the block's first line of code. */
  line: number
  /** The page's `runnable` SQL blocks above the example, in page order. */
  sql: string[]
  /** The API's settings: the `[api]` table of the page's config.toml above it, or the defaults. */
  api: Pick<RestEngineOptions, 'schemas' | 'maxRows'>
  /**
   * What the page's Response block documents: all five fields for a supabase-js result, the body's
   * `data` or `error` for an HTTP body, and the status line too for an HTTP response. Absent when
   * the page shows no Response for the example.
   */
  expected?: Partial<ExampleResult>
  /**
   * Whose client runs the block (its fence's meta): the anon key's by default, the example user's
   * after signing in (`signed-in`), or the service_role key's (`service-role`).
   */
  client?: 'signed-in' | 'service-role'
  /** The block's code, as shown, as the body of this function. */
  run: (supabase: SupabaseClient, console: ExampleConsole) => Promise<void>
}

/**
 * `api/filtering#2`: the second runnable supabase-js block of `content/guides/api/filtering.mdx`
 * (the page renders the same key on the block's Run button).
 */
export function guideExampleKey(file: string, ordinal: number): string {
  return `${file.replace(/^content\/guides\//, '').replace(/\.mdx$/, '')}#${ordinal}`
}
