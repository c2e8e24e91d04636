import { describe, expect, it } from 'vitest'
import { guideToMarkdown } from '@/features/markdown-export'
import { listGuides, type Guide } from './guides'
import { GUIDES_WITHOUT_SOURCES } from './guides-without-sources'

const guides = listGuides()
const inGuides = (guide: Guide) => guide.file.replace(/^content\/guides\//, '')

describe('guide sources', () => {
  it('every guide written since pages name their sources lists them', () => {
    const missing = guides.filter(
      (guide) => !guide.frontMatter.sources && !GUIDES_WITHOUT_SOURCES.has(inGuides(guide)),
    )
    expect(missing.map((guide) => guide.file)).toEqual([])
  })

  it('the list of guides without sources holds only guides that still have none', () => {
    const files = new Map(guides.map((guide) => [inGuides(guide), guide]))
    const stale = [...GUIDES_WITHOUT_SOURCES].filter(
      (file) => !files.has(file) || files.get(file)!.frontMatter.sources,
    )
    expect(stale).toEqual([])
  })

  it('a guide lists each source once', () => {
    const repeated = guides.flatMap((guide) => {
      const urls = (guide.frontMatter.sources ?? []).map((source) => source.url)
      return urls.filter((url, index) => urls.indexOf(url) !== index).map((url) => `${guide.file}: ${url}`)
    })
    expect(repeated).toEqual([])
  })

  it("the Markdown copy ends with the page's sources", () => {
    const guide = guides.find((candidate) => candidate.frontMatter.sources?.length)!
    const markdown = guideToMarkdown(guide, 'https://docs.example.com')
    const tail = markdown.slice(markdown.lastIndexOf('\n## Sources\n'))
    for (const source of guide.frontMatter.sources!) expect(tail).toContain(`](${source.url})`)
  })
})

describe('troubleshooting articles', () => {
  const articles = guides.filter((guide) => guide.slug[0] === 'troubleshooting' && guide.slug.length > 1)

  it('each names the error texts it answers, and quotes each one in its text', () => {
    const problems = articles.flatMap((guide) => {
      const messages = guide.frontMatter.errorMessages
      if (!messages) return [`${guide.file}: no errorMessages in its front matter`]
      return messages
        .filter((message) => !guide.body.includes(message))
        .map((message) => `${guide.file}: "${message}" is not in the article's text`)
    })
    expect(problems).toEqual([])
  })

  it('only troubleshooting articles carry error texts', () => {
    const others = guides.filter((guide) => guide.frontMatter.errorMessages && !articles.includes(guide))
    expect(others.map((guide) => guide.file)).toEqual([])
  })
})
