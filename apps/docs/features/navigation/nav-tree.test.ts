import { describe, expect, it } from 'vitest'
import type { NavSection } from './guides-nav'
import { breadcrumbTrail } from './nav-tree'

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
