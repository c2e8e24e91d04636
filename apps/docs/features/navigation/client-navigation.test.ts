import { describe, expect, it } from 'vitest'
import { clientNavigationTarget, isLongReferencePage } from './client-navigation'
import { isPlainClick } from './plain-click'

describe('isLongReferencePage', () => {
  it('covers the library pages and the section URLs their rewrite answers', () => {
    for (const href of [
      '/reference/cli',
      '/reference/javascript/v1',
      '/reference/javascript/select',
      '/reference/api#intro',
      '/reference',
    ]) {
      expect(isLongReferencePage(href), href).toBe(true)
    }
  })

  it('leaves guides, the home page and look-alike paths prefetchable', () => {
    for (const href of ['/', '/guides', '/guides/api/sql-to-rest', '/references', '/guides/reference']) {
      expect(isLongReferencePage(href), href).toBe(false)
    }
  })
})

describe('clientNavigationTarget', () => {
  const here = 'https://docs.example.com/guides/getting-started'

  it('hands other pages of the site to the router, with their query and fragment', () => {
    expect(clientNavigationTarget('https://docs.example.com/guides/auth', here)).toBe('/guides/auth')
    expect(clientNavigationTarget('/guides/auth?tab=js#sign-in', here)).toBe('/guides/auth?tab=js#sign-in')
    expect(clientNavigationTarget('/', here)).toBe('/')
  })

  it('leaves fragment jumps on the same page to the browser', () => {
    expect(clientNavigationTarget('#next-steps', here)).toBeNull()
    expect(clientNavigationTarget('/guides/getting-started/#next-steps', here)).toBeNull()
    expect(clientNavigationTarget('/guides/getting-started', here)).toBeNull()
  })

  it('follows a change of query on the same path in the app', () => {
    expect(clientNavigationTarget('/guides/getting-started?v=2', here)).toBe('/guides/getting-started?v=2')
  })

  it('leaves other origins, other schemes and files to the browser', () => {
    expect(clientNavigationTarget('https://github.com/basebox/docs', here)).toBeNull()
    expect(clientNavigationTarget('http://docs.example.com/guides/auth', here)).toBeNull()
    expect(clientNavigationTarget('mailto:help@example.com', here)).toBeNull()
    expect(clientNavigationTarget('/guides/auth.md', here)).toBeNull()
    expect(clientNavigationTarget('/llms.txt', here)).toBeNull()
  })

  it('loads the reference pages in full: their text is not in their route data', () => {
    expect(clientNavigationTarget('/reference/cli', here)).toBeNull()
    expect(clientNavigationTarget('/reference/javascript/v1', here)).toBeNull()
    expect(clientNavigationTarget('/reference/api#intro', here)).toBeNull()
    // Section URLs, which a host rewrite answers with no route data of their own.
    expect(clientNavigationTarget('/reference/javascript/select', here)).toBeNull()
    expect(clientNavigationTarget('/reference/cli/supabase-db-diff#flags', here)).toBeNull()
  })

  it('refuses what does not parse', () => {
    expect(clientNavigationTarget('http://[bad', here)).toBeNull()
  })
})

describe('isPlainClick', () => {
  const plain = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: null,
    hasDownload: false,
  }

  it('takes plain left clicks on same-tab links only', () => {
    expect(isPlainClick(plain)).toBe(true)
    expect(isPlainClick({ ...plain, target: '_self' })).toBe(true)
    expect(isPlainClick({ ...plain, metaKey: true })).toBe(false)
    expect(isPlainClick({ ...plain, ctrlKey: true })).toBe(false)
    expect(isPlainClick({ ...plain, shiftKey: true })).toBe(false)
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false)
    expect(isPlainClick({ ...plain, target: '_blank' })).toBe(false)
    expect(isPlainClick({ ...plain, hasDownload: true })).toBe(false)
    expect(isPlainClick({ ...plain, defaultPrevented: true })).toBe(false)
  })
})
