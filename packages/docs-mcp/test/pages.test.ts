import { describe, expect, it } from 'vitest'
import { getPage, headingsOf, parsePageAddress, sectionOf } from '../src/pages'
import type { DocsSite } from '../src/site'
import { ToolAnswerError } from '../src/tool-error'

describe('parsePageAddress', () => {
  it.each([
    ['/guides/database/row-level-security', { path: '/guides/database/row-level-security' }],
    ['guides/database/row-level-security.md', { path: '/guides/database/row-level-security' }],
    ['/guides/auth/passwords/', { path: '/guides/auth/passwords' }],
    ['/guides/auth/passwords.html#reset', { path: '/guides/auth/passwords', anchor: 'reset' }],
    [
      'https://docs.example.com/reference/cli/supabase-db-push?x=1#flags',
      { path: '/reference/cli/supabase-db-push', anchor: 'flags' },
    ],
    ['  /guides/a%20b  ', { path: '/guides/a b' }],
  ])('reads %s', (input, expected) => {
    expect(parsePageAddress(input)).toEqual(expected)
  })

  it.each([
    '../../etc/passwd',
    '/guides/../../../etc/passwd',
    '/guides/%2e%2e/%2e%2e/etc/passwd',
    '/guides/..%2f..%2fetc%2fpasswd',
    '/guides\\..\\secrets',
    '/guides/%00.md',
    '/.env',
    '/guides/./x',
  ])('refuses the traversal %s', (input) => {
    expect(() => parsePageAddress(input)).toThrow(/Path traversal refused/)
  })

  it('lets a URL resolve its own dot segments, which cannot climb above the site root', () => {
    expect(parsePageAddress('https://docs.example.com/guides/%2E%2E/%2E%2E/package.json')).toEqual({
      path: '/package.json',
    })
  })

  it.each(['', '   ', 'file:///etc/passwd', 'javascript:alert(1)', '/guides/%E0%A4%A'])(
    'refuses %j with a reason',
    (input) => {
      expect(() => parsePageAddress(input)).toThrow(ToolAnswerError)
    },
  )
})

const PAGE = `# Passwords

Intro.

## Sign up

Text.

\`\`\`md
## Not a heading
\`\`\`

### With a [link](https://x.test) and \`code\`

Deeper.

## Sign up

Second one.
`

describe('sections', () => {
  it('names headings as the site does, outside code blocks only', () => {
    expect(headingsOf(PAGE).map((heading) => heading.id)).toEqual([
      'passwords',
      'sign-up',
      'with-a-link-and-code',
      'sign-up-1',
    ])
  })

  it('returns a section down to the next heading of its level', () => {
    const section = sectionOf(PAGE, 'sign-up')
    expect(section?.title).toBe('Sign up')
    expect(section?.markdown).toContain('## Not a heading')
    expect(section?.markdown).toContain('Deeper.')
    expect(section?.markdown).not.toContain('Second one.')
    expect(sectionOf(PAGE, 'sign-up-1')?.markdown).toBe('## Sign up\n\nSecond one.\n')
    expect(sectionOf(PAGE, 'nope')).toBeUndefined()
  })
})

describe('getPage', () => {
  const site = {
    siteUrl: 'https://docs.example.com',
    pagePaths: new Set(['/guides/auth/passwords', '/guides/auth/mfa']),
    pageMarkdown: async (sitePath: string) => {
      if (sitePath !== '/guides/auth/passwords') throw new Error('read outside the list')
      return PAGE
    },
  } as unknown as DocsSite

  it('answers the whole page or one section', async () => {
    const whole = await getPage(site, '/guides/auth/passwords')
    expect(whole).toEqual({
      url: 'https://docs.example.com/guides/auth/passwords',
      path: '/guides/auth/passwords',
      title: 'Passwords',
      markdown: PAGE,
    })
    const section = await getPage(site, 'https://elsewhere.test/guides/auth/passwords#with-a-link-and-code')
    expect(section.section).toBe('With a link and code')
    expect(section.markdown).toBe('### With a [link](https://x.test) and `code`\n\nDeeper.\n')
  })

  it('names the closest pages for an unknown one, and the sections for an unknown anchor', async () => {
    await expect(getPage(site, '/guides/auth/password')).rejects.toThrow(
      /No page at \/guides\/auth\/password\. Closest pages: \/guides\/auth\/passwords/,
    )
    await expect(getPage(site, '/guides/auth/passwords#nope')).rejects.toThrow(
      /Its sections: #sign-up, #with-a-link-and-code, #sign-up-1/,
    )
  })
})
