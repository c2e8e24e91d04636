/**
 * `Prefer` as PostgREST 12.2 reads it and names it back. Expected values from
 * `src/PostgREST/ApiRequest/Preferences.hs` at v12.2.12 (`fromHeaders`, its doctests, and
 * `prefAppliedHeader`).
 */
import { describe, expect, it } from 'vitest'
import { preferenceAppliedValue, readPreferences } from '../src/preferences'

const prefer = (...values: string[]) => values.map((value) => ({ name: 'Prefer', value }))

describe('readPreferences', () => {
  it('reads the doctest example: values, a time zone and max-affected', () => {
    const preferences = readPreferences(
      prefer('resolution=ignore-duplicates, count=exact, timezone=America/Los_Angeles, max-affected=100'),
      { timezones: new Set(['America/Los_Angeles']) },
    )
    expect(preferences).toEqual({
      resolution: 'ignore-duplicates',
      count: 'exact',
      timezone: 'America/Los_Angeles',
      maxAffected: 100,
      invalid: [],
    })
  })

  it('keeps what it does not know, across headers, for handling=strict', () => {
    const preferences = readPreferences(prefer('handling=strict', 'something, else'))
    expect(preferences.handling).toBe('strict')
    expect(preferences.invalid).toEqual(['something', 'else'])
  })

  it('counts a time zone the database does not know as invalid, and drops it', () => {
    const preferences = readPreferences(prefer('timezone=Invalid/Timezone'), { timezones: new Set(['UTC']) })
    expect(preferences.timezone).toBeUndefined()
    expect(preferences.invalid).toEqual(['timezone=Invalid/Timezone'])
  })

  it('reads tx only when the server allows overrides', () => {
    expect(readPreferences(prefer('tx=rollback'), { allowTxOverride: false })).toEqual({ invalid: [] })
  })

  it('takes the first max-affected only, and never counts it invalid', () => {
    const preferences = readPreferences(prefer('max-affected=x, max-affected=3'))
    expect(preferences.maxAffected).toBeUndefined()
    expect(preferences.invalid).toEqual([])
  })
})

describe('preferenceAppliedValue', () => {
  it("names the preferences in PostgREST's order", () => {
    expect(
      preferenceAppliedValue({ count: 'exact', return: 'minimal', missing: 'default', tx: 'commit' }),
    ).toBe('missing=default, return=minimal, count=exact, tx=commit')
  })

  it('names max-affected only with handling=strict', () => {
    expect(preferenceAppliedValue({ handling: 'strict', maxAffected: 10 })).toBe(
      'handling=strict, max-affected=10',
    )
    expect(preferenceAppliedValue({ handling: 'lenient', maxAffected: 10 })).toBe('handling=lenient')
    expect(preferenceAppliedValue({})).toBeUndefined()
  })
})
