import { describe, expect, it } from 'vitest'
import { REFERENCE_LIBRARIES, getLibrary, versionsOf, type ReferenceLibrary } from './libraries'
import type { ReferenceSection } from './load-reference'
import { otherVersions } from './routes'
import type { ClientFunction } from './schemas/client-library-spec'
import {
  counterpartsBetween,
  latestToOlder,
  olderToLatest,
  switchedFromScript,
  versionTarget,
} from './versions'

function section(slug: string, fn?: { id?: string; latest_id?: string }): ReferenceSection {
  const base = { id: slug, slug, title: slug, target: slug, category: 'Test', depth: 0, children: [] }
  return fn
    ? {
        ...base,
        kind: 'function',
        content: {
          kind: 'function',
          fn: { id: fn.id ?? slug, title: slug, latest_id: fn.latest_id } as ClientFunction,
          language: 'ts',
        },
      }
    : { ...base, kind: 'markdown', content: { kind: 'markdown', file: `${slug}.mdx`, source: '' } }
}

const latest = [
  section('introduction'),
  section('select', {}),
  section('auth-get-user', {}),
  section('auth-sign-in-with-password', { id: 'sign-in-with-password' }),
  section('only-in-latest', {}),
]
const older = [
  section('introduction'),
  section('upgrade-guide'),
  section('select', {}),
  section('auth-api-get-user', { latest_id: 'auth-get-user' }),
  section('auth-user', { latest_id: 'auth-get-user' }),
  section('auth-sign-in', { latest_id: 'sign-in-with-password' }),
  section('dropped', { latest_id: 'no-such-function' }),
]

describe('olderToLatest', () => {
  it('keeps a slug the latest version has, follows latest_id to its function, and drops the rest', () => {
    expect(olderToLatest(older, latest)).toEqual({
      introduction: 'introduction',
      select: 'select',
      'auth-api-get-user': 'auth-get-user',
      'auth-user': 'auth-get-user',
      // latest_id names a function id, which need not be its slug.
      'auth-sign-in': 'auth-sign-in-with-password',
    })
  })

  it('prefers the named replacement to a section of the same slug', () => {
    const both = [...latest, section('auth-user', {})]
    expect(olderToLatest(older, both)['auth-user']).toBe('auth-get-user')
  })
})

describe('latestToOlder', () => {
  it('goes back to the first older section a latest one replaced, or to the same slug', () => {
    expect(latestToOlder(older, latest)).toEqual({
      introduction: 'introduction',
      select: 'select',
      'auth-get-user': 'auth-api-get-user',
      'auth-sign-in-with-password': 'auth-sign-in',
    })
  })

  it('prefers an older section of the same slug to an earlier one it replaced', () => {
    const withSame = [...older, section('auth-get-user', {})]
    expect(latestToOlder(withSame, latest)['auth-get-user']).toBe('auth-get-user')
  })
})

describe('counterpartsBetween', () => {
  const v3 = { key: 'v3', sections: latest }
  const v2 = { key: 'v2', sections: older }
  const v1 = {
    key: 'v1',
    sections: [section('select', {}), section('get-user', { latest_id: 'auth-get-user' })],
  }

  it('maps an older version up and the latest down', () => {
    expect(counterpartsBetween(v2, v3, v3)).toEqual(olderToLatest(older, latest))
    expect(counterpartsBetween(v3, v2, v3)).toEqual(latestToOlder(older, latest))
  })

  it('maps between two older versions through the latest one', () => {
    expect(counterpartsBetween(v1, v2, v3)).toEqual({ select: 'select', 'get-user': 'auth-api-get-user' })
  })
})

describe('versionTarget', () => {
  const counterparts = { select: 'select', 'auth-sign-in': 'auth-sign-in-with-password' }

  it('goes to the same section in the other version', () => {
    expect(versionTarget('/reference/javascript', counterparts, 'auth-sign-in', 'v1')).toEqual({
      href: '/reference/javascript/auth-sign-in-with-password',
      lands: 'section',
    })
  })

  it('goes to the other version’s top, saying where from, when it lacks the section', () => {
    expect(versionTarget('/reference/javascript', counterparts, 'upgrade-guide', 'v1')).toEqual({
      href: '/reference/javascript?from=v1',
      lands: 'top',
    })
    // Not fooled by what every object has.
    expect(versionTarget('/reference/javascript', counterparts, 'constructor', 'v1').lands).toBe('top')
  })

  it('goes from the top to the top', () => {
    expect(versionTarget('/reference/javascript/v1', counterparts, null, 'v2')).toEqual({
      href: '/reference/javascript/v1',
      lands: 'section',
    })
  })
})

describe('switchedFromScript', () => {
  function run(search: string): string | null {
    const attributes = new Map<string, string>()
    const context = {
      location: { search },
      document: {
        documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      },
    }
    new Function('location', 'document', switchedFromScript)(context.location, context.document)
    return attributes.get('data-ref-switched-from') ?? null
  }

  it('marks the document with the version a switch came from', () => {
    expect(run('?from=v1')).toBe('v1')
    expect(run('?a=1&from=v2&b=2')).toBe('v2')
  })

  it('ignores anything that is not a short version label', () => {
    expect(run('')).toBeNull()
    expect(run('?from=')).toBeNull()
    expect(run('?from=%3Cscript%3E')).toBeNull()
    expect(run(`?from=${'v'.repeat(40)}`)).toBeNull()
  })
})

describe('the JavaScript library’s versions', () => {
  const v2 = getLibrary('javascript-v2')
  const v1 = getLibrary('javascript-v1')

  it('lists the versions newest first, and none for a library with one version', () => {
    expect(versionsOf(v1).map((library) => library.key)).toEqual(['javascript-v2', 'javascript-v1'])
    expect(versionsOf(v2).map((library) => library.key)).toEqual(['javascript-v2', 'javascript-v1'])
    expect(versionsOf(getLibrary('cli'))).toEqual([])
    const lone: ReferenceLibrary[] = REFERENCE_LIBRARIES.filter((library) => library.key !== 'javascript-v1')
    expect(versionsOf(getLibrary('javascript-v2', lone), lone)).toEqual([])
  })

  it('maps the shipped sections both ways', async () => {
    const [toV2] = await otherVersions(v1)
    const [toV1] = await otherVersions(v2)
    expect(toV2).toMatchObject({ key: 'javascript-v2', label: 'v2', basePath: '/reference/javascript' })
    expect(toV1).toMatchObject({ key: 'javascript-v1', label: 'v1', basePath: '/reference/javascript/v1' })
    expect(toV2!.counterparts).toMatchObject({
      select: 'select',
      'auth-sign-in': 'auth-sign-in-with-password',
      'auth-session': 'auth-get-session',
    })
    expect(toV1!.counterparts).toMatchObject({
      select: 'select',
      'auth-sign-in-with-password': 'auth-sign-in',
      'auth-get-session': 'auth-session',
    })
    // v1's guide to upgrading has no v2 twin; v2's newer methods have no v1 one.
    expect(toV2!.counterparts['upgrade-to-v2']).toBeUndefined()
    expect(toV1!.counterparts['is-distinct']).toBeUndefined()
  })
})
