/**
 * Runs compiled example code with the real `@supabase/supabase-js` and notes what its last call
 * returned (`observe-client.ts`), with what it printed. The reference's runs and the guides' share
 * it; nothing of the platform is imported here, so a worker that runs database code only does
 * not carry the auth and storage engines.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { resultOf, type ExampleResult } from './example-result'
import { observeClient, unsettledCalls, type Settled } from './observe-client'
import type { ExampleConsole, GivenValues } from './runnable-example'

/** The client never opens Realtime here; if an example did, it should fail, not connect. */
export class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available when running a reference example.')
  }
}

/** The local stack's API URL: requests never reach it, the client's `fetch` answers them. */
const PROJECT_URL = 'http://127.0.0.1:54321'
const ANON_KEY = 'reference-example-anon-key'

function formatLogged(values: unknown[]): string {
  return values
    .map((value) => {
      if (typeof value === 'string') return value
      if (value instanceof Error) return `${value.name}: ${value.message}`
      return JSON.stringify(value)
    })
    .join(' ')
}

/** What running an example's code with a client gave: the last query's result, or why there is none. */
export interface ClientRun {
  returned?: ExampleResult
  failure?: string
  logged: string[]
}

/**
 * Runs compiled example code with the real supabase-js, whose `fetch` is `handle` (the engine, or
 * the engine behind a gateway), and notes what the last query it awaited returned.
 */
export async function runWithClient(
  handle: (request: Request) => Promise<Response>,
  run: (supabase: SupabaseClient, console: ExampleConsole, given: GivenValues) => Promise<void>,
  apiKey = ANON_KEY,
): Promise<ClientRun> {
  const client = createClient(PROJECT_URL, apiKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { fetch: (input, init) => handle(new Request(input, init)) },
  })
  return runOnClient(client, run)
}

/** Runs compiled example code with `client` and notes what its last call returned. */
export async function runOnClient(
  client: SupabaseClient,
  run: (supabase: SupabaseClient, console: ExampleConsole, given: GivenValues) => Promise<void>,
  given: GivenValues = {},
): Promise<ClientRun> {
  const settled: Settled[] = []
  const logged: string[] = []
  const exampleConsole: ExampleConsole = {
    log: (...values) => logged.push(formatLogged(values)),
    error: (...values) => logged.push(formatLogged(values)),
  }
  let failure: string | undefined
  try {
    await run(
      observeClient(client, (entry) => settled.push(entry)),
      exampleConsole,
      given,
    )
    await Promise.all(unsettledCalls(client))
  } catch (error) {
    failure = `The example threw: ${error instanceof Error ? error.message : String(error)}`
  }
  const last = settled.at(-1)
  if (!failure && !last) failure = 'The example ran no query.'
  if (!failure && last && 'thrown' in last) {
    failure = `The query threw: ${last.thrown instanceof Error ? last.thrown.message : String(last.thrown)}`
  }
  if (failure || !last || !('result' in last)) return { failure, logged }
  return { returned: resultOf(last.result as Parameters<typeof resultOf>[0]), logged }
}
