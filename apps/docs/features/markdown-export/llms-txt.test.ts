import { describe, expect, it } from 'vitest'
import type { Guide } from '@/features/guides'
import { renderAreaFile, renderLlmsIndex, type MarkdownArea } from './llms-txt'
import { guideGroups, referenceAreaKey } from './write-markdown-export'
import { getLibrary } from '@/features/reference'

const site = { name: 'Basebox Docs', tagline: 'One backend.', siteUrl: 'https://docs.example.com' }

const guides: MarkdownArea = {
  key: 'guides',
  title: 'Guides',
  description: 'every guide',
  groups: [
    {
      title: 'Auth',
      pages: [
        {
          href: '/guides/auth/captcha',
          title: 'Captcha',
          summary: 'Stop bots.',
          markdown: '# Captcha\n\nStop bots.\n',
        },
      ],
    },
    { title: 'Empty', pages: [] },
  ],
}
const v1: MarkdownArea = {
  key: 'javascript-v1',
  title: 'JavaScript v1',
  description: 'the older client',
  intro: '# JavaScript v1\n\nVersion 1.35.7.\n',
  groups: [
    {
      title: 'Database',
      pages: [{ href: '/reference/javascript/v1/select', title: 'select()', markdown: '# select()\n' }],
    },
  ],
  optional: true,
}

describe('llms.txt', () => {
  it('indexes every page by its Markdown URL and links the complete files, older versions as optional', () => {
    expect(renderLlmsIndex(site, [guides, v1])).toBe(
      [
        '# Basebox Docs',
        '',
        '> One backend.',
        '',
        'Every page below is Markdown: the HTML page is at the same URL without `.md`. Each area is also',
        'available as one complete file:',
        '',
        '- [Guides](https://docs.example.com/llms/guides.txt): every guide',
        '',
        '## Guides: Auth',
        '',
        '- [Captcha](https://docs.example.com/guides/auth/captcha.md): Stop bots.',
        '',
        '## Optional',
        '',
        '- [JavaScript v1](https://docs.example.com/llms/javascript-v1.txt): the older client',
        '',
      ].join('\n'),
    )
  })

  it('writes an area file with the introduction, then each page and its source URL', () => {
    expect(renderAreaFile(v1, site.siteUrl)).toBe(
      '# JavaScript v1\n\nVersion 1.35.7.\n\n---\n\n# select()\n\nSource: https://docs.example.com/reference/javascript/v1/select\n',
    )
    expect(
      renderAreaFile(guides, site.siteUrl).startsWith('# Guides\n\nevery guide\n\n---\n\n# Captcha'),
    ).toBe(true)
  })

  it('orders guides as the sidebar does and keeps guides missing from it', () => {
    const guide = (href: string) => ({ href, frontMatter: { title: href } }) as Guide
    const groups = guideGroups(
      [guide('/guides/a'), guide('/guides/b'), guide('/guides/orphan')],
      [
        {
          title: 'First',
          items: [
            { title: 'B', href: '/guides/b' },
            { title: 'A', href: '/guides/a' },
          ],
        },
      ],
      (g) => ({ href: g.href, title: g.frontMatter.title, markdown: '' }),
    )
    expect(groups.map((group) => [group.title, group.pages.map((page) => page.href)])).toEqual([
      ['First', ['/guides/b', '/guides/a']],
      ['More guides', ['/guides/orphan']],
    ])
  })

  it('names area files after the library path', () => {
    expect(
      ['cli', 'javascript-v2', 'javascript-v1', 'api'].map((key) => referenceAreaKey(getLibrary(key))),
    ).toEqual(['cli', 'javascript', 'javascript-v1', 'api'])
  })
})
