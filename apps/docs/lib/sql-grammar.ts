/**
 * Shiki's SQL grammar with column names left alone. Its catch-all keyword rule
 * (`keyword.other.sql`) is a list of several hundred T-SQL words, among them `name`, `status` and
 * `description`, which PostgreSQL never reserves and which our samples use as column names all the
 * time. Real keywords stay: statements (`select`, `create table`, `alter type`), clauses and types
 * are matched by rules of their own, and only the words below leave the catch-all list.
 */
import { bundledLanguages, type LanguageRegistration } from 'shiki'

/** Column names of the samples that the catch-all rule would colour as keywords. */
export const SQL_COLUMN_WORDS = ['name', 'description', 'status', 'state', 'version', 'size', 'data'] as const

const CATCH_ALL_KEYWORDS = 'keyword.other.sql'

/** `match` without the alternatives that are exactly one of `words` (`(a|name|b)` -> `(a|b)`). */
export function withoutAlternatives(match: string, words: readonly string[]): string {
  let result = match
  for (const word of words) {
    result = result
      .replace(new RegExp(`\\|${word}(?=[|)])`, 'g'), '')
      .replace(new RegExp(`\\(${word}\\|`, 'g'), '(')
  }
  return result
}

/** The SQL grammar registration for the highlighter; fails loudly if Shiki's grammar changed shape. */
export async function sqlGrammar(): Promise<LanguageRegistration[]> {
  const registrations = structuredClone((await bundledLanguages.sql()).default) as LanguageRegistration[]
  const sql = registrations.find((registration) => registration.name === 'sql')
  const rule = sql?.patterns?.find(
    (pattern): pattern is { name: string; match: string } =>
      pattern.name === CATCH_ALL_KEYWORDS && typeof pattern.match === 'string',
  )
  if (!rule) {
    throw new Error(
      `lib/sql-grammar.ts: Shiki's SQL grammar has no "${CATCH_ALL_KEYWORDS}" rule any more; ` +
        'check how it colours the column name `name` and update this file',
    )
  }
  rule.match = withoutAlternatives(rule.match, SQL_COLUMN_WORDS)
  return registrations
}
