import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { SupabaseConfig } from './config'
import type { Database } from './database.types'

/** A client that knows the tables of this project, so queries and results are typed. */
export type AppClient = SupabaseClient<Database>

export interface ClientOptions {
  /** Replaces the network layer (auth, database and storage calls all go through it). */
  fetch?: typeof fetch
}

export function createSupabaseClient(config: SupabaseConfig, options: ClientOptions = {}): AppClient {
  return createClient<Database>(config.url, config.anonKey, {
    global: options.fetch ? { fetch: options.fetch } : {},
  })
}
