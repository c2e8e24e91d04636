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

  it('accepts sources with https URLs and rejects any other address, naming its line', () => {
    const { data } = parseFrontMatter(
      'a.mdx',
      '---\ntitle: A\ndescription: B\nsources:\n  - title: PostgREST 12.2 Error.hs\n    url: https://github.com/PostgREST/postgrest/blob/v12.2.0/src/PostgREST/Error.hs\n---\n',
    )
    expect(data.sources).toEqual([
      {
        title: 'PostgREST 12.2 Error.hs',
        url: 'https://github.com/PostgREST/postgrest/blob/v12.2.0/src/PostgREST/Error.hs',
      },
    ])
    const withUrl = (url: string) =>
      `---\ntitle: A\ndescription: B\nsources:\n  - title: S\n    url: ${url}\n---\n`
    for (const bad of [
      'http://example.com/a',
      'ftp://example.com/a',
      'github.com/x',
      'https://localhost/x',
    ]) {
      expect(problemsOf('x.mdx', withUrl(bad))).toEqual([
        'x.mdx:6:5: front matter: sources[0].url: must be an https URL',
      ])
    }
    expect(problemsOf('x.mdx', '---\ntitle: A\ndescription: B\nsources: []\n---\n')).toEqual([
      'x.mdx:4:1: front matter: sources: list at least one source, or leave the field out',
    ])
  })

  it('takes the error texts a troubleshooting article answers', () => {
    const { data } = parseFrontMatter(
      'a.mdx',
      '---\ntitle: A\ndescription: B\nerrorMessages:\n  - "JWT expired"\n---\n',
    )
    expect(data.errorMessages).toEqual(['JWT expired'])
    expect(problemsOf('x.mdx', '---\ntitle: A\ndescription: B\nerrorMessages: ["  "]\n---\n')[0]).toMatch(
      /errorMessages\[0\]: must not be empty/,
    )
  })

  it('takes the other names a page is searched by, and refuses an empty one or one with "|"', () => {
    const { data } = parseFrontMatter(
      'a.mdx',
      '---\ntitle: A\ndescription: B\nsearchNames: [quickstart]\n---\n',
    )
    expect(data.searchNames).toEqual(['quickstart'])
    expect(problemsOf('x.mdx', '---\ntitle: A\ndescription: B\nsearchNames: [" "]\n---\n')[0]).toMatch(
      /searchNames\[0\]: must not be empty/,
    )
    expect(problemsOf('x.mdx', '---\ntitle: A\ndescription: B\nsearchNames: ["a | b"]\n---\n')[0]).toMatch(
      /searchNames\[0\]: must not hold "\|"/,
    )
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
