import { describe, expect, it } from 'vitest'
import { guidesNav, type NavSection } from './guides-nav'
import { LANDING_TITLE, breadcrumbTrail, locateInNav, productOf, standaloneTitle } from './nav-tree'

const sections: NavSection[] = [
  {
    title: 'Getting started',
    items: [
      { title: 'Getting started', href: '/guides/getting-started' },
      { title: 'API keys', href: '/guides/getting-started/api-keys' },
    ],
  },
  { title: 'Auth', items: [{ title: 'How auth works', href: '/guides/auth' }] },
]

describe('breadcrumbTrail', () => {
  it("uses the sidebar's titles and links the group to its first page", () => {
    expect(breadcrumbTrail('/guides/getting-started/api-keys', 'Project URL and keys', sections)).toEqual([
      { title: 'Guides', href: '/guides' },
      { title: 'Getting started', href: '/guides/getting-started' },
      { title: 'API keys' },
    ])
  })

  it('never repeats a level, and never links the page to itself', () => {
    expect(breadcrumbTrail('/guides/getting-started', 'Getting started', sections)).toEqual([
      { title: 'Guides', href: '/guides' },
      { title: 'Getting started', href: undefined },
    ])
    expect(breadcrumbTrail('/guides/auth', 'Auth', sections)).toEqual([
      { title: 'Guides', href: '/guides' },
      { title: 'Auth', href: undefined },
      { title: 'How auth works' },
    ])
  })

  it('falls back to the page title for a page outside the sidebar', () => {
    expect(breadcrumbTrail('/guides/elsewhere', 'Elsewhere', sections)).toEqual([
      { title: 'Guides', href: '/guides' },
      { title: 'Elsewhere' },
    ])
  })
})

describe('locateInNav', () => {
  const products: NavSection[] = [
    { title: 'Getting started', items: [{ title: 'Introduction', href: '/guides/getting-started' }] },
    {
      title: 'Auth',
      items: [
        { title: 'Overview', href: '/guides/auth' },
        { title: 'MFA', href: '/guides/auth/mfa' },
      ],
    },
    { title: 'Providers', items: [{ title: 'Zoom', href: '/guides/auth/social-login/zoom' }] },
    { title: 'Storage', items: [{ title: 'Overview', href: '/guides/storage' }] },
  ]

  it("gives no Previous on a product's first page, and Next into the following one", () => {
    const auth = locateInNav('/guides/auth', products)
    expect(auth?.previous).toBeUndefined()
    expect(auth?.next?.href).toBe('/guides/auth/mfa')
    const storage = locateInNav('/guides/storage', products)
    expect(storage?.previous).toBeUndefined()
    expect(storage?.next).toBeUndefined()
  })

  it('keeps Previous across sidebar groups of the same product', () => {
    expect(locateInNav('/guides/auth/social-login/zoom', products)?.previous?.href).toBe('/guides/auth/mfa')
    expect(locateInNav('/guides/auth/mfa', products)?.previous?.href).toBe('/guides/auth')
    expect(locateInNav('/guides/auth/social-login/zoom', products)?.next?.href).toBe('/guides/storage')
  })

  it('names the product by the first folder under /guides', () => {
    expect(productOf('/guides/auth/social-login/zoom')).toBe('auth')
    expect(productOf('/guides/storage')).toBe('storage')
  })
})

describe("the sidebar's words", () => {
  it('calls every product landing page "Overview"', () => {
    // A landing page is a product folder's own page, /guides/<product>; Getting started is the
    // site's introduction, not a product.
    const landings = guidesNav
      .flatMap((section) => section.items)
      .filter((item) => /^\/guides\/[^/]+$/.test(item.href) && item.href !== '/guides/getting-started')
    expect(landings.length).toBeGreaterThan(5)
    for (const item of landings) expect(item.title, item.href).toBe(LANDING_TITLE)
  })

  it('names a landing page by its group where the group is not shown', () => {
    const auth: NavSection = { title: 'Auth', items: [{ title: 'Overview', href: '/guides/auth' }] }
    expect(standaloneTitle(auth, auth.items[0]!)).toBe('Auth overview')
    const mfa = { title: 'Multi-factor authentication', href: '/guides/auth/mfa' }
    expect(standaloneTitle(auth, mfa)).toBe('Multi-factor authentication')
  })
})
