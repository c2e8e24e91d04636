/**
 * Words of the field that name the same thing. A query containing one phrase of a group is also
 * searched with each other phrase in its place, so `rls` finds pages that only say "row level
 * security" and `edge function deploy` finds `supabase functions deploy`. Phrases are lower case
 * and match whole words of the query.
 */
export interface SynonymGroup {
  /** What the group is about, for whoever edits the table. */
  topic: string
  phrases: readonly string[]
}

export const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  { topic: 'row level security', phrases: ['rls', 'row level security', 'row-level security'] },
  { topic: 'primary keys', phrases: ['pk', 'primary key'] },
  { topic: 'foreign keys', phrases: ['fk', 'foreign key', 'references'] },
  { topic: 'service role', phrases: ['service role', 'service_role', 'service-role'] },
  { topic: 'getting started', phrases: ['quickstart', 'quick start', 'getting started', 'get started'] },
  {
    topic: 'file size limits',
    phrases: ['max file size', 'maximum file size', 'file size limit', 'largest file'],
  },
  { topic: 'tokens', phrases: ['jwt', 'json web token', 'access token'] },
  { topic: 'one-time codes', phrases: ['otp', 'one-time password', 'one-time code'] },
  { topic: 'passwordless e-mail', phrases: ['magic link', 'signinwithotp', 'passwordless'] },
  { topic: 'edge functions', phrases: ['edge function', 'edge functions', 'functions', 'function'] },
  { topic: 'storage', phrases: ['bucket', 'buckets', 'storage'] },
  { topic: 'pagination', phrases: ['pagination', 'paginate', 'range', 'offset'] },
  { topic: 'sorting', phrases: ['sort', 'order'] },
  { topic: 'multi-factor auth', phrases: ['mfa', '2fa', 'two factor', 'multi-factor', 'totp'] },
  { topic: 'single sign-on', phrases: ['sso', 'saml', 'single sign-on'] },
  { topic: 'point-in-time recovery', phrases: ['pitr', 'point in time recovery', 'point-in-time recovery'] },
  { topic: 'secrets', phrases: ['environment variables', 'env vars', 'env', 'secrets'] },
  { topic: 'custom domains', phrases: ['custom domain', 'custom hostname', 'domains'] },
  { topic: 'connection pooling', phrases: ['pooler', 'connection pooler', 'supavisor', 'pgbouncer'] },
  {
    topic: 'signing in',
    phrases: ['login', 'log in', 'sign in', 'signin', 'logged in', 'signed in', 'signed-in'],
  },
  { topic: 'signing up', phrases: ['signup', 'sign up', 'register'] },
  { topic: 'signing out', phrases: ['logout', 'log out', 'sign out'] },
  { topic: 'database', phrases: ['db', 'database', 'postgres'] },
  { topic: 'authentication', phrases: ['auth', 'authentication'] },
  { topic: 'command line', phrases: ['cli', 'command line'] },
  { topic: 'vectors', phrases: ['embeddings', 'vector', 'pgvector'] },
  { topic: 'type generation', phrases: ['generate types', 'gen types', 'typescript types'] },
  { topic: 'realtime changes', phrases: ['postgres_changes', 'database changes', 'postgres changes'] },
  { topic: 'rpc', phrases: ['rpc', 'postgres function', 'stored procedure'] },
  { topic: 'users', phrases: ['users', 'user'] },
  { topic: 'social login', phrases: ['social login', 'oauth'] },
  { topic: 'migrations', phrases: ['migration', 'migrations', 'schema change'] },
  { topic: 'local development', phrases: ['local stack', 'local development', 'supabase start'] },
  { topic: 'phone sign-in', phrases: ['sms', 'phone', 'text message'] },
  { topic: 'settings', phrases: ['config', 'configuration', 'settings'] },
  { topic: 'compute size', phrases: ['upgrade compute', 'compute size', 'instance size', 'resize'] },
]

/** One alternative wording of a query and how much its results count against the original's. */
export interface QueryVariant {
  term: string
  weight: number
}

/** Weight of a query rewritten with a synonym: close to the original, never above it. */
export const SYNONYM_WEIGHT = 0.85

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function phrasePattern(phrase: string): RegExp {
  // Whole words only: `range` must not match inside `orange`, `db` not inside `dbdev`.
  return new RegExp(`(^|[^a-z0-9_])${escapeRegExp(phrase)}(?=$|[^a-z0-9_])`)
}

/** Lower case, single spaces, no surrounding punctuation a reader types by habit. */
export function normalizeQuery(query: string): string {
  return query
    .toLowerCase()
    .replace(/[?!,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The query itself, then the query with each matching phrase swapped for each other phrase of
 * its group. Longer phrases are tried first, so `edge function` is replaced as a whole rather
 * than `function` alone.
 */
export function synonymVariants(
  query: string,
  groups: readonly SynonymGroup[] = SYNONYM_GROUPS,
): QueryVariant[] {
  const original = normalizeQuery(query)
  const variants: QueryVariant[] = [{ term: original, weight: 1 }]
  const seen = new Set([original])
  for (const group of groups) {
    const present = [...group.phrases]
      .sort((a, b) => b.length - a.length)
      .find((phrase) => phrasePattern(phrase).test(original))
    if (!present) continue
    for (const other of group.phrases) {
      // A query that already holds both (`pagination range`) means each word as typed.
      if (other === present || phrasePattern(other).test(original)) continue
      const term = original.replace(phrasePattern(present), (_, before: string) => `${before}${other}`).trim()
      if (seen.has(term)) continue
      seen.add(term)
      variants.push({ term, weight: SYNONYM_WEIGHT })
    }
  }
  return variants
}
