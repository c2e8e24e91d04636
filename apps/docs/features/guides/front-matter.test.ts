import { describe, expect, it } from 'vitest'
import { ContentError, parseFrontMatter } from './front-matter'

function problemsOf(file: string, source: string): string[] {
  try {
    parseFrontMatter(file, source)
  } catch (error) {
    if (error instanceof ContentError) return error.message.split('\n')
    throw error
  }
  throw new Error('expected the front matter to be rejected')
}

describe('parseFrontMatter', () => {
  it('returns the validated data and the body', () => {
    const { data, body } = parseFrontMatter(
      'a.mdx',
      '---\ntitle: Hello\ndescription: A page.\nhideToc: true\nsitemapPriority: 0.5\n---\n# Body\n',
    )
    expect(data).toEqual({ title: 'Hello', description: 'A page.', hideToc: true, sitemapPriority: 0.5 })
    expect(body).toBe('# Body\n')
  })

  it('names the file, the line in the file and the field when a field is missing or wrong', () => {
    // Lines count from the top of the .mdx file: the front matter starts on line 2.
    expect(problemsOf('content/guides/x.mdx', '---\ntitle: X\n---\n')).toEqual([
      'content/guides/x.mdx:2:1: front matter: description: is required (expected string)',
    ])
    expect(problemsOf('x.mdx', '---\ntitle: X\ndescription: Y\nsitemapPriority: 3\n---\n')).toEqual([
      'x.mdx:4:1: front matter: sitemapPriority: Too big: expected number to be <=1',
    ])
    expect(problemsOf('x.mdx', '---\ntitle: X\ndescription: Y\ntitel: Z\n---\n')).toEqual([
      'x.mdx:4:1: front matter: Unrecognized key: "titel"',
    ])
    expect(problemsOf('x.mdx', '---\ntitle: X\ndescription: "  "\n---\n')).toEqual([
      'x.mdx:3:1: front matter: description: must not be empty',
    ])
  })

  it('reports missing front matter and invalid YAML with its line', () => {
    expect(problemsOf('x.mdx', '# No front matter')).toEqual([
      'x.mdx: front matter: missing (the file must start with a --- block)',
    ])
    const [syntax] = problemsOf('x.mdx', '---\ntitle: Hello\ndescription: "unterminated\n---\n')
    expect(syntax).toMatch(/^x\.mdx:3:\d+: front matter: not valid YAML: Missing closing "quote/)
  })

  it('keeps the file on the error for callers that list broken guides', () => {
    const error = (() => {
      try {
        parseFrontMatter('content/guides/y.mdx', '---\ntitle: 1\n---\n')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ContentError)
    expect((error as ContentError).file).toBe('content/guides/y.mdx')
    expect((error as ContentError).problems.map((problem) => problem.path)).toEqual([
      ['title'],
      ['description'],
    ])
  })
})
