import { describe, expect, it } from 'vitest'
import { parseFrontMatter } from './front-matter'

describe('parseFrontMatter', () => {
  it('returns the validated data and the body', () => {
    const { data, body } = parseFrontMatter(
      'a.mdx',
      '---\ntitle: Hello\ndescription: A page.\nhideToc: true\nsitemapPriority: 0.5\n---\n# Body\n',
    )
    expect(data).toEqual({ title: 'Hello', description: 'A page.', hideToc: true, sitemapPriority: 0.5 })
    expect(body).toBe('# Body\n')
  })
  it('names the file and the field when a field is missing or wrong', () => {
    expect(() => parseFrontMatter('content/guides/x.mdx', '---\ntitle: X\n---\n')).toThrow(
      /content\/guides\/x\.mdx: front matter: description/,
    )
    expect(() =>
      parseFrontMatter('x.mdx', '---\ntitle: X\ndescription: Y\nsitemapPriority: 3\n---\n'),
    ).toThrow(/x\.mdx: front matter: sitemapPriority/)
    expect(() => parseFrontMatter('x.mdx', '---\ntitle: X\ndescription: Y\ntitel: Z\n---\n')).toThrow(
      /x\.mdx: front matter: .*titel/,
    )
  })
  it('reports missing front matter and invalid YAML', () => {
    expect(() => parseFrontMatter('x.mdx', '# No front matter')).toThrow(/x\.mdx: front matter: missing/)
    expect(() => parseFrontMatter('x.mdx', '---\ntitle: [unclosed\n---\n')).toThrow(/x\.mdx: front matter: invalid YAML/)
  })
})
