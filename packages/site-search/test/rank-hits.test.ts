import { describe, expect, it } from 'vitest'
import {
  functionMatch,
  hasCodeRow,
  hasPhrase,
  isAliasOf,
  isAddressOf,
  isQuestion,
  nameCoverage,
  namesCommand,
  namesSection,
  OLDER_VERSION_FACTOR,
  rankResults,
  stem,
  titlePrecision,
} from '../src/rank-hits'
import type { PagefindResultData } from '../src/search-results'

const page = (url: string, title: string, extra: Partial<PagefindResultData> = {}): PagefindResultData => ({
  url,
  excerpt: '',
  meta: {
    title,
    area: url.startsWith('/reference/cli') ? 'CLI reference › Code generation' : 'JavaScript › Database',
  },
  ...extra,
})

const scored = (data: PagefindResultData, score: number, term: string) => ({
  data,
  score,
  variants: [{ term, weight: 1 }],
})

const urls = (ranked: { data: PagefindResultData }[]) => ranked.map((result) => result.data.url)

describe('name matching', () => {
  const genTypes = page('/reference/cli/supabase-gen-types', 'supabase gen types')
  const apiTypes = page('/reference/api/v1-generate-typescript-types', 'Generate TypeScript types')

  it('counts query words found in the title or slug, abbreviations by half', () => {
    expect(nameCoverage('db diff', page('/reference/cli/supabase-db-diff', 'supabase db diff'))).toBe(1)
    expect(nameCoverage('gen types typescript', genTypes)).toBeCloseTo(2 / 3)
    expect(nameCoverage('gen types typescript', apiTypes)).toBeCloseTo(2.5 / 3)
    expect(nameCoverage('buckets', page('/reference/javascript/storage-list-buckets', 'List buckets'))).toBe(
      1,
    )
  })

  it('recognises a query that names a CLI command', () => {
    expect(namesCommand('gen types typescript', genTypes)).toBe(true)
    expect(namesCommand('supabase gen types', genTypes)).toBe(true)
    expect(namesCommand('types gen', genTypes)).toBe(false)
    expect(namesCommand('gen types typescript', apiTypes)).toBe(false)
    // Further on in the query, a command of two words or more.
    const zsh = page('/reference/cli/supabase-completion-zsh', 'supabase completion zsh')
    expect(namesCommand('shell completion zsh', zsh)).toBe(true)
    const test = page('/reference/cli/supabase-test', 'supabase test')
    expect(namesCommand('test my database', test)).toBe(true)
    expect(namesCommand('how do i test my database', test)).toBe(false)
  })

  it('recognises the page whose address is the query', () => {
    expect(isAddressOf('select', page('/reference/javascript/select', 'Read rows: select()'))).toBe(true)
    expect(
      isAddressOf('select', page('/reference/javascript/select-after-write', 'Return rows: select()')),
    ).toBe(false)
    expect(isAddressOf('db push', page('/reference/cli/supabase-db-push', 'supabase db push'))).toBe(true)
  })

  it('reduces word forms to one', () => {
    expect(stem('caching')).toBe(stem('cache'))
    expect(stem('connection')).toBe(stem('connecting'))
    expect(stem('locally')).toBe('local')
    expect(stem('policies')).toBe(stem('policy'))
  })

  it('recognises a function name typed as words or as written', () => {
    const range = page('/reference/javascript/range', 'Page through rows: range()')
    const listUsers = page('/reference/javascript/admin-list-users', 'List users: admin.listUsers()')
    expect(functionMatch('range', range)).toBe(1)
    expect(functionMatch('list users', listUsers)).toBe(1)
    expect(functionMatch('listUsers', listUsers)).toBe(1)
    expect(functionMatch('users', listUsers)).toBe(0)
    // One word of the query is the function.
    const del = page('/reference/javascript/delete', 'Delete rows: delete()')
    expect(functionMatch('delete old rows', del)).toBe(0.5)
  })

  it('finds the query words side by side on the page', () => {
    expect(hasPhrase('row level security', page('/a', 'A', { locations: [3, 40, 41, 42] }))).toBe(true)
    expect(hasPhrase('row level security', page('/a', 'A', { locations: [3, 40, 42, 44] }))).toBe(false)
    expect(hasPhrase('captcha', page('/a', 'A', { locations: [1, 2] }))).toBe(false)
  })

  it('names a guide by its section as well as its title', () => {
    const presence = page('/guides/realtime/presence', 'Presence', {
      meta: { title: 'Presence', kind: 'guide', place: 'Realtime' },
    })
    expect(nameCoverage('realtime presence', presence)).toBe(1)
    const onPresence = page(
      '/reference/javascript/realtime-on-presence',
      "Track who is online: on('presence')",
      {
        meta: {
          title: "Track who is online: on('presence')",
          kind: 'reference',
          area: 'JavaScript › Realtime',
        },
      },
    )
    expect(nameCoverage('realtime presence', onPresence)).toBe(1)
  })

  it('tells a question and a code row', () => {
    expect(isQuestion('how do i reset a password')).toBe(true)
    expect(isQuestion('reset password')).toBe(false)
    const codes = page('/guides/auth/error-codes', 'Auth error codes', {
      anchors: [{ element: 'tr', id: 'code-otp_expired', location: 40 }],
    })
    expect(hasCodeRow('otp_expired', codes)).toBe(true)
    expect(hasCodeRow('otp expired', codes)).toBe(false)
  })
})

describe('rankResults', () => {
  it('puts the command a query names above a page whose body matches more often', () => {
    const ranked = rankResults([
      scored(
        page('/reference/api/v1-generate-typescript-types', 'Generate TypeScript types'),
        50,
        'gen types typescript',
      ),
      scored(page('/reference/cli/supabase-gen', 'supabase gen'), 21, 'gen types typescript'),
      scored(page('/reference/cli/supabase-gen-types', 'supabase gen types'), 20, 'gen types typescript'),
    ])
    // The longer command the query names beats both its parent command and the API page.
    expect(urls(ranked)[0]).toBe('/reference/cli/supabase-gen-types')
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score)
  })

  it('ranks an older version below a current page it would otherwise beat', () => {
    const older = page('/reference/javascript/v1/otp', 'Sign in with a code: signInWithOtp()', {
      meta: { title: 'Sign in with a code: signInWithOtp()', older: 'true' },
    })
    const current = page('/reference/javascript/otp', 'Sign in with a code: signInWithOtp()')
    expect(
      urls(rankResults([scored(older, 38, 'signinwithotp'), scored(current, 14, 'signinwithotp')])),
    ).toEqual(['/reference/javascript/otp', '/reference/javascript/v1/otp'])
    expect(OLDER_VERSION_FACTOR).toBeLessThan(1)
  })

  it('keeps an older page first when nothing current matches as well', () => {
    const older = page('/v1/only', 'Only in v1', { meta: { title: 'Only in v1', older: 'true' } })
    expect(
      urls(rankResults([scored(older, 40, 'only v1'), scored(page('/weak', 'Weak'), 5, 'only v1')])),
    ).toEqual(['/v1/only', '/weak'])
  })

  it('puts the guide of a concept above a reference method named as well', () => {
    const guide = page('/guides/realtime/presence', 'Presence', {
      meta: { title: 'Presence', kind: 'guide', place: 'Realtime' },
    })
    const method = page('/reference/javascript/realtime-on-presence', "Track who is online: on('presence')", {
      meta: { title: "Track who is online: on('presence')", kind: 'reference' },
    })
    const ranked = rankResults([
      scored(method, 30, 'realtime presence'),
      scored(guide, 24, 'realtime presence'),
    ])
    expect(urls(ranked)).toEqual(['/guides/realtime/presence', '/reference/javascript/realtime-on-presence'])
    // Code is not a concept: the reader typed the method.
    const code = "on('presence')"
    expect(urls(rankResults([scored(guide, 30, code), scored(method, 30, code)]))[0]).toBe(
      '/reference/javascript/realtime-on-presence',
    )
  })

  it('puts the guide whose section and title name the concept above a guide that shares words', () => {
    const secrets = page('/guides/functions/secrets', 'Secrets and environment variables', {
      meta: { title: 'Secrets and environment variables', kind: 'guide', place: 'Edge Functions' },
    })
    const limits = page('/guides/functions/limits', 'Edge Functions limits', {
      meta: { title: 'Edge Functions limits', kind: 'guide', place: 'Edge Functions' },
    })
    const ranked = rankResults([
      scored(limits, 40, 'edge function secrets'),
      scored(secrets, 30, 'edge function secrets'),
    ])
    expect(urls(ranked)[0]).toBe('/guides/functions/secrets')
  })

  it('lifts the table row of an error code to the top', () => {
    const codes = page('/guides/auth/error-codes', 'Auth error codes', {
      meta: { title: 'Auth error codes', kind: 'guide' },
      anchors: [{ element: 'tr', id: 'code-weak_password', location: 40 }],
    })
    const rules = page('/guides/auth/password-rules', 'Password rules', {
      meta: { title: 'Password rules', kind: 'guide' },
    })
    expect(
      urls(rankResults([scored(rules, 40, 'weak_password'), scored(codes, 20, 'weak_password')]))[0],
    ).toBe('/guides/auth/error-codes')
  })

  it('compares every page name with the query as typed, however the page was found', () => {
    const zsh = page('/reference/cli/supabase-completion-zsh', 'supabase completion zsh')
    const parent = page('/reference/cli/supabase-completion', 'supabase completion')
    // The zsh page was found without the word "shell", at a lower weight.
    const ranked = rankResults(
      [
        scored(parent, 40, 'shell completion zsh'),
        { data: zsh, score: 5, variants: [{ term: 'completion zsh', weight: 0.3 }] },
      ],
      'shell completion zsh',
    )
    expect(urls(ranked)[0]).toBe('/reference/cli/supabase-completion-zsh')
  })

  it('keeps Pagefind order for equal scores', () => {
    const ranked = rankResults([scored(page('/a', 'A'), 3, 'x'), scored(page('/b', 'B'), 3, 'x')])
    expect(urls(ranked)).toEqual(['/a', '/b'])
  })
})

describe('namesSection', () => {
  const keys = page('/guides/getting-started/api-keys', 'Your project URL and API keys', {
    meta: { title: 'Your project URL and API keys', kind: 'guide' },
    anchors: [
      { element: 'h2', id: 'the-anon-key', text: 'The anon key: public by design', location: 10 },
      { element: 'h2', id: 'the-service_role-key', text: 'The service_role key: servers only', location: 40 },
      { element: 'div', id: 'service-role-key-box', text: 'service role key', location: 50 },
    ],
  })

  it('finds a heading that holds every word of the query, across an underscore', () => {
    expect(namesSection('service role key', keys)).toBe(true)
    expect(namesSection('anon keys', keys)).toBe(true)
  })

  it('needs every word, two words at least, and a section heading', () => {
    expect(namesSection('service role password', keys)).toBe(false)
    expect(namesSection('key', keys)).toBe(false)
    const boxOnly = { ...keys, anchors: keys.anchors!.filter((anchor) => anchor.element === 'div') }
    expect(namesSection('service role key', boxOnly)).toBe(false)
  })

  it('lifts the page with that section above one whose body matches more', () => {
    const roles = page('/guides/database/roles-and-grants', 'Roles and grants', {
      meta: { title: 'Roles and grants', kind: 'guide' },
    })
    const ranked = rankResults(
      [scored(roles, 1, 'service role key'), scored(keys, 0.6, 'service role key')],
      'service role key',
    )
    expect(ranked[0]?.data.url).toBe('/guides/getting-started/api-keys')
  })
})

describe('other names', () => {
  const start = page('/guides/getting-started', 'Getting started', {
    meta: { title: 'Getting started', kind: 'guide', aliases: 'quickstart | first steps' },
  })
  const functions = page('/guides/functions/quickstart', 'Edge Functions quickstart', {
    meta: { title: 'Edge Functions quickstart', kind: 'guide' },
  })

  it('knows a query that is one of the names, word for word', () => {
    expect(isAliasOf('quickstart', start)).toBe(true)
    expect(isAliasOf('First steps', start)).toBe(true)
    expect(isAliasOf('quickstart react', start)).toBe(false)
    expect(isAliasOf('quickstart', functions)).toBe(false)
  })

  it('counts each name as a title of its own', () => {
    expect(titlePrecision('quickstart', start)).toBe(1)
    expect(titlePrecision('getting started', start)).toBe(1)
  })

  it('puts the page the query names above one whose body holds the word more', () => {
    const ranked = rankResults(
      [scored(functions, 35, 'quickstart'), scored(start, 6, 'quickstart')],
      'quickstart',
    )
    expect(ranked[0]?.data.url).toBe('/guides/getting-started')
    const plain = { ...start, meta: { ...start.meta, aliases: undefined } }
    const without = rankResults(
      [scored(functions, 35, 'quickstart'), scored(plain, 6, 'quickstart')],
      'quickstart',
    )
    expect(without[0]?.data.url).toBe('/guides/functions/quickstart')
  })
})
