import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { mdxToMarkdown } from '@/features/markdown-export'
import { flattenNav, locateInNav } from '@/features/navigation'
import { guidesNav } from '@/features/navigation'
import { hrefForSlug, listGuides, slugForFile } from './guides'
import { renderGuide } from './render-guide'

describe('guide files', () => {
  it('maps files to URLs, index files to their folder', () => {
    expect(slugForFile('auth/social-login.mdx')).toEqual(['auth', 'social-login'])
    expect(slugForFile('getting-started/index.mdx')).toEqual(['getting-started'])
    expect(hrefForSlug(['auth', 'x'])).toBe('/guides/auth/x')
  })

  it('every guide has a title, a one-sentence description, and content under each heading', () => {
    const guides = listGuides()
    expect(guides.length).toBeGreaterThan(0)
    for (const guide of guides) {
      expect(guide.frontMatter.title, guide.file).not.toBe('')
      expect(guide.frontMatter.description, `${guide.file} has no description`).not.toBe('')
      // One sentence: end punctuation only at the end (a dot inside a word, as in "config.toml", is fine).
      expect(guide.frontMatter.description, `${guide.file}: the description is one sentence`).toMatch(
        /^[^.!?]+(?:[.!?](?=\S)[^.!?]*)*[.!?]$/,
      )
      expect(guide.body.trim().length, `${guide.file} has an empty body`).toBeGreaterThan(0)
      const sections = guide.body.split(/^#{2,4} .*$/m).slice(1)
      sections.forEach((section, index) => {
        expect(section.trim().length, `${guide.file}: section ${index + 1} is empty`).toBeGreaterThan(0)
      })
    }
  })

  it('every guide is in the sidebar exactly once, and every sidebar link is a guide', () => {
    const navHrefs = flattenNav().map((item) => item.href)
    const guideHrefs = listGuides().map((guide) => guide.href)
    expect(new Set(navHrefs).size, 'duplicate sidebar entries').toBe(navHrefs.length)
    expect([...navHrefs].sort()).toEqual([...guideHrefs].sort())
  })
})

describe('navigation', () => {
  it('locates a page with its section and neighbours', () => {
    const first = guidesNav[0]!.items[0]!
    const position = locateInNav(first.href)
    expect(position?.section.title).toBe(guidesNav[0]!.title)
    expect(position?.previous).toBeUndefined()
    expect(locateInNav('/guides/does-not-exist')).toBeUndefined()
  })
})

describe('renderGuide', () => {
  it('collects h2/h3 headings with unique ids for the table of contents', async () => {
    const { toc } = await renderGuide('## Install\n\ntext\n\n### Install\n\n#### Deep\n\n## Use it\n')
    expect(toc).toEqual([
      { id: 'install', title: 'Install', depth: 2 },
      { id: 'install-1', title: 'Install', depth: 3 },
      { id: 'use-it', title: 'Use it', depth: 2 },
    ])
  })
  it('names the file and line when MDX does not compile', async () => {
    await expect(
      renderGuide('# Title\n\n<Tabs queryGroup="x">\n</Tab>\n', 'content/guides/broken.mdx'),
    ).rejects.toThrow(/content\/guides\/broken\.mdx:4:\d+: MDX does not compile/)
    await expect(renderGuide('<Tabs>\n', 'content/guides/eof.mdx')).rejects.toThrow(
      /content\/guides\/eof\.mdx: MDX does not compile/,
    )
  })
  it('fails on an admonition type the Markdown export would also reject', async () => {
    const good = await renderGuide('<Admonition type="caution">Back up first.</Admonition>\n')
    expect(renderToStaticMarkup(good.content)).toContain('data-type="caution"')
    const bad = await renderGuide('<Admonition type="warning">Back up first.</Admonition>\n')
    expect(() => renderToStaticMarkup(bad.content)).toThrow(
      'type="warning" is not one of note, tip, caution, danger',
    )
    expect(() =>
      mdxToMarkdown('<Admonition type="warning">Back up first.</Admonition>\n', {
        file: 'content/guides/x.mdx',
        pageHref: '/guides/x',
        siteUrl: 'https://docs.example.com',
      }),
    ).toThrow('type="warning" is not one of note, tip, caution, danger')
  })
})
