import { describe, expect, it } from 'vitest'
import { correctQuery, correctWord, isKnownWord, spellingIndex } from '../src/spelling'

// Most common first, as the build writes it.
const index = spellingIndex({
  pages: 100,
  words: [
    'supabase',
    'function',
    'presence',
    'postgres',
    'progress',
    'bucket',
    'subscribe',
    'secrets',
    'rls',
  ],
})

describe('spelling', () => {
  it('knows the words of the site and the words a reader is still typing', () => {
    expect(isKnownWord('presence', index)).toBe(true)
    expect(isKnownWord('subscri', index)).toBe(true)
    expect(isKnownWord('presense', index)).toBe(false)
  })

  it('corrects a word the site never uses to the most common word within its typo distance', () => {
    expect(correctWord('supabse', index)).toBe('supabase')
    expect(correctWord('presense', index)).toBe('presence')
    expect(correctWord('functon', index)).toBe('function')
    expect(correctWord('buket', index)).toBe('bucket')
    // One edit from both "postgres" and... only postgres: progress is two away.
    expect(correctWord('postgress', index)).toBe('postgres')
  })

  it('leaves short words, known words, code and nonsense alone', () => {
    expect(correctWord('rlz', index)).toBeUndefined()
    expect(correctWord('secrets', index)).toBeUndefined()
    expect(correctWord('qwxzzy', index)).toBeUndefined()
    expect(correctWord('--db-url', index)).toBeUndefined()
  })

  it('corrects a whole query, or says nothing changed', () => {
    expect(correctQuery('Edge functon secrets', index)).toBe('edge function secrets')
    expect(correctQuery('realtime presense', index)).toBe('realtime presence')
    expect(correctQuery('edge function secrets', index)).toBeUndefined()
  })
})
