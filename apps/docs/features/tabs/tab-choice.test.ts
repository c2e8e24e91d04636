import { describe, expect, it, vi } from 'vitest'
import {
  TAB_CHOICE_EVENT,
  announceChoice,
  choiceFromSearch,
  storageKeyFor,
  storeChoice,
  storedChoice,
  urlWithChoice,
} from './tab-choice'

const ids = ['nextjs', 'sveltekit', 'astro']

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  }
}

describe('choiceFromSearch', () => {
  it('reads the parameter named after the group', () => {
    expect(choiceFromSearch('?framework=sveltekit', 'framework', ids)).toBe('sveltekit')
  })
  it('ignores values that are not one of the tabs', () => {
    expect(choiceFromSearch('?framework=rails', 'framework', ids)).toBeNull()
    expect(choiceFromSearch('?framework=', 'framework', ids)).toBeNull()
  })
  it('ignores other groups', () => {
    expect(choiceFromSearch('?environment=local', 'framework', ids)).toBeNull()
  })
})

describe('storedChoice', () => {
  it('restores a stored id of this group', () => {
    const storage = memoryStorage({ [storageKeyFor('framework')]: 'astro' })
    expect(storedChoice(() => storage, 'framework', ids)).toBe('astro')
  })
  it('ignores a corrupted or unknown stored value', () => {
    expect(
      storedChoice(() => memoryStorage({ 'docs.tabs.framework': '{"oops' }), 'framework', ids),
    ).toBeNull()
    expect(storedChoice(() => memoryStorage({ 'docs.tabs.framework': 'rails' }), 'framework', ids)).toBeNull()
  })
  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(storedChoice(() => throwing, 'framework', ids)).toBeNull()
    expect(storedChoice(() => undefined, 'framework', ids)).toBeNull()
    const blocked = () => {
      throw new Error('SecurityError: access to localStorage is denied')
    }
    expect(storedChoice(blocked, 'framework', ids)).toBeNull()
  })
})

describe('storeChoice', () => {
  it('writes under the group key and swallows quota errors', () => {
    const storage = memoryStorage()
    storeChoice(() => storage, 'framework', 'astro')
    expect(storage.data.get('docs.tabs.framework')).toBe('astro')
    expect(() =>
      storeChoice(
        () => ({
          setItem: () => {
            throw new Error('QuotaExceededError')
          },
        }),
        'framework',
        'astro',
      ),
    ).not.toThrow()
  })
})

describe('urlWithChoice', () => {
  it('sets the parameter and keeps the others and the hash', () => {
    expect(urlWithChoice('https://docs.test/guides/a?x=1#step-2', 'framework', 'astro')).toBe(
      'https://docs.test/guides/a?x=1&framework=astro#step-2',
    )
  })
  it('replaces an earlier choice for the same group', () => {
    expect(urlWithChoice('https://docs.test/a?framework=nextjs', 'framework', 'astro')).toBe(
      'https://docs.test/a?framework=astro',
    )
  })
})

describe('announceChoice', () => {
  it('replaces the URL, stores the choice and notifies listeners', () => {
    const storage = memoryStorage()
    const replaceState = vi.fn()
    const events: Event[] = []
    const win = {
      location: { href: 'https://docs.test/guides/a' },
      history: { state: null, replaceState },
      localStorage: storage,
      dispatchEvent: (event: Event) => events.push(event) > 0,
    } as unknown as Window
    announceChoice(win, 'framework', 'sveltekit')
    expect(replaceState).toHaveBeenCalledWith(null, '', 'https://docs.test/guides/a?framework=sveltekit')
    expect(storage.data.get('docs.tabs.framework')).toBe('sveltekit')
    expect(events).toHaveLength(1)
    expect(events[0]!.type).toBe(TAB_CHOICE_EVENT)
    expect((events[0] as CustomEvent).detail).toEqual({ group: 'framework', id: 'sveltekit' })
  })
})
