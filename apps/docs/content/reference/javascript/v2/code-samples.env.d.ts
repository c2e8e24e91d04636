// Every supabase-js v2 reference example calls an existing client named `supabase`.
import type { SupabaseClient } from '@supabase/supabase-js'

declare global {
  const supabase: SupabaseClient
}

export {}
