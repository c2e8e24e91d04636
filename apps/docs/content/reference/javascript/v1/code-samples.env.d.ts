// Every supabase-js v1 reference example calls an existing v1 client named `supabase`.
// `supabase-js-v1` is @supabase/supabase-js 1.x installed under an alias.
import type { SupabaseClient } from 'supabase-js-v1'

declare global {
  const supabase: SupabaseClient
}

export {}
