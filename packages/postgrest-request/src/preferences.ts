/**
 * The `Prefer` header as PostgREST 12.2 reads it (`src/PostgREST/ApiRequest/Preferences.hs`):
 * every Prefer header, split at commas; the first value of each preference wins.
 */
import type { CountPreference, HttpHeader } from './model'
import { readInteger } from './query-params'

/** The `Prefer` header as PostgREST reads it: the first value of each preference wins. */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  return?: 'representation' | 'minimal' | 'headers-only'
  params?: 'single-object'
  count?: CountPreference
  /** Honoured only when the server allows transaction overrides (`db-tx-end`). */
  tx?: 'commit' | 'rollback'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  /** As sent; PostgREST honours it only when the database knows the time zone. */
  timezone?: string
  maxAffected?: number
  /** Values PostgREST does not know (`handling=strict` refuses them, PGRST122). */
  invalid: string[]
}

const PREFERENCE_VALUES: Record<
  string,
  [Exclude<keyof Preferences, 'invalid' | 'timezone' | 'maxAffected'>, string]
> = {
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'return=representation': ['return', 'representation'],
  'return=minimal': ['return', 'minimal'],
  'return=headers-only': ['return', 'headers-only'],
  'params=single-object': ['params', 'single-object'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'tx=commit': ['tx', 'commit'],
  'tx=rollback': ['tx', 'rollback'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
}

/** `Preferences.fromHeaders`: every Prefer header, split at commas; the first of each kind wins. */
export function readPreferences(headers: HttpHeader[]): Preferences {
  const tokens = headers
    .filter((header) => header.name.toLowerCase() === 'prefer')
    .flatMap((header) => header.value.split(','))
    .map((token) => token.replace(/^[ \t\r\n\f\v]+|[ \t\r\n\f\v]+$/g, ''))
  const preferences: Preferences = { invalid: [] }
  const record = preferences as unknown as Record<string, string | number | undefined>
  for (const token of tokens) {
    const known = PREFERENCE_VALUES[token]
    if (known) {
      if (record[known[0]] === undefined) record[known[0]] = known[1]
    } else if (token.startsWith('timezone=')) {
      preferences.timezone ??= token.slice('timezone='.length)
    } else if (token.startsWith('max-affected=')) {
      const value = readInteger(token.slice('max-affected='.length))
      if (preferences.maxAffected === undefined && value !== undefined)
        preferences.maxAffected = Number(value)
    } else preferences.invalid.push(token)
  }
  return preferences
}
