/**
 * The `Prefer` header as PostgREST 12.2 reads it (`src/PostgREST/ApiRequest/Preferences.hs`):
 * every Prefer header, split at commas; the first value of each preference wins.
 */
import type { CountPreference, HttpHeader } from './model'

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

export interface PreferenceOptions {
  /** `db-tx-end` allows `tx=` (`commit-allow-override`, `rollback-allow-override`). Default true. */
  allowTxOverride?: boolean
  /**
   * The time zones the database knows (`pg_timezone_names`). Given, a `timezone=` outside them is
   * an invalid preference and is dropped; without it the time zone is kept as sent.
   */
  timezones?: ReadonlySet<string>
}

/**
 * `Preferences.fromHeaders`: every Prefer header, split at commas; the first of each kind wins
 * (for `timezone=` and `max-affected=`, the first one sent, even when it is not valid).
 */
export function readPreferences(headers: HttpHeader[], options: PreferenceOptions = {}): Preferences {
  const tokens = headers
    .filter((header) => header.name.toLowerCase() === 'prefer')
    .flatMap((header) => header.value.split(','))
    .map((token) => token.replace(/^[ \t\r\n\f\v]+|[ \t\r\n\f\v]+$/g, ''))
  const preferences: Preferences = { invalid: [] }
  const record = preferences as unknown as Record<string, string | number | undefined>
  const timezone = tokens.find((token) => token.startsWith('timezone='))?.slice('timezone='.length)
  const timezoneAccepted = timezone !== undefined && (options.timezones?.has(timezone) ?? true)
  if (timezoneAccepted) preferences.timezone = timezone
  // `readMaybe` of an Int64: digits with an optional minus sign, within 64 bits.
  const maxAffected = tokens.find((token) => token.startsWith('max-affected='))?.slice('max-affected='.length)
  if (maxAffected !== undefined && /^-?[0-9]+$/.test(maxAffected)) {
    const value = BigInt(maxAffected)
    if (value >= -(2n ** 63n) && value < 2n ** 63n) preferences.maxAffected = Number(value)
  }
  for (const token of tokens) {
    const known = PREFERENCE_VALUES[token]
    if (known) {
      if (known[0] === 'tx' && options.allowTxOverride === false) continue
      if (record[known[0]] === undefined) record[known[0]] = known[1]
    } else if (token.startsWith('timezone=') ? !timezoneAccepted : !token.startsWith('max-affected=')) {
      preferences.invalid.push(token)
    }
  }
  return preferences
}

/**
 * `prefAppliedHeader`: the preferences a response honoured, in PostgREST's order;
 * `max-affected` only with `handling=strict`. Undefined when there is none.
 */
export function preferenceAppliedValue(applied: Omit<Preferences, 'invalid'>): string | undefined {
  const values = [
    applied.resolution && `resolution=${applied.resolution}`,
    applied.missing && `missing=${applied.missing}`,
    applied.return && `return=${applied.return}`,
    applied.params && `params=${applied.params}`,
    applied.count && `count=${applied.count}`,
    applied.tx && `tx=${applied.tx}`,
    applied.handling && `handling=${applied.handling}`,
    applied.timezone !== undefined && `timezone=${applied.timezone}`,
    applied.handling === 'strict' &&
      applied.maxAffected !== undefined &&
      `max-affected=${applied.maxAffected}`,
  ].filter((value): value is string => typeof value === 'string')
  return values.length === 0 ? undefined : values.join(', ')
}
