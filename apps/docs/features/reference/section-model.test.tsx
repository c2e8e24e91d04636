import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { referenceArea } from '@/features/markdown-export/write-markdown-export'
import { referenceSectionToMarkdown } from '@/features/markdown-export'
import { REFERENCE_LIBRARIES, sectionPath } from './libraries'
import { prepareModel } from './prepare-sections'
import { ReferenceSectionView } from './components/ReferenceSectionView'
import {
  PART_LABELS,
  SECTION_PARTS,
  buildSectionModels,
  loadReferenceModel,
  sharedResponseId,
  sharedResponseLabel,
  type ReferenceModel,
} from './section-model'
import type { ReferenceSection } from './load-reference'

const siteUrl = 'https://docs.example.com'
const partLabels = new Set<string>(
  Object.values(SECTION_PARTS).flatMap((entry) => (entry.label ? [entry.label] : [])),
)
const exampleLabels = new Set<string>([
  PART_LABELS.dataSource,
  PART_LABELS.projectSetup,
  PART_LABELS.exampleResponse,
])

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .trim()

/** Labels a reader sees on the page, in document order: part headings and example panels. */
function pageLabels(html: string): string[] {
  const labels: string[] = []
  for (const match of html.matchAll(
    /<h[34] class="ref-subheading"[^>]*>([^<]*)|<summary>([^<]*)<\/summary>/g,
  )) {
    const heading = match[1] === undefined ? undefined : decode(match[1])
    const summary = match[2] === undefined ? undefined : decode(match[2])
    if (heading !== undefined && partLabels.has(heading)) labels.push(heading)
    if (summary !== undefined && (partLabels.has(summary) || exampleLabels.has(summary))) labels.push(summary)
  }
  return labels
}

/** The Markdown's lines outside fenced code. */
function proseLines(markdown: string): string[] {
  const lines: string[] = []
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const marks = /^(`{3,})/.exec(line)?.[1]
    if (fence === undefined && marks) fence = marks
    else if (fence !== undefined && line.startsWith(fence) && line.trim() === fence) fence = undefined
    else if (fence === undefined) lines.push(line)
  }
  return lines
}

/** The same labels in the Markdown: `## label` headings and `label:` lines before examples' parts. */
function markdownLabels(markdown: string): string[] {
  const labels: string[] = []
  for (const line of proseLines(markdown)) {
    const heading = /^## (.+?)(?: \(required\))?$/.exec(line)?.[1]
    if (heading !== undefined && partLabels.has(heading)) labels.push(heading)
    const lead = /^(.+):$/.exec(line)?.[1]
    if (lead !== undefined && exampleLabels.has(lead)) labels.push(lead)
  }
  return labels
}

/** The shared responses an operation names: the page's links, the Markdown's "Also:" line. */
function pageSharedNames(html: string): string[] {
  const also = /<p class="ref-shared-responses">(.*?)<\/p>/.exec(html)?.[1] ?? ''
  return [...also.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => decode(match[1] ?? ''))
}

function markdownSharedNames(markdown: string): string[] {
  const line = proseLines(markdown).find((text) => text.startsWith(`${PART_LABELS.alsoResponses} `)) ?? ''
  return [...line.matchAll(/`(\d{3})` ([^,]+?)(?=, `|, described)/g)].map(
    (match) => `${match[1]} ${match[2]}`,
  )
}

async function pageOf(model: ReferenceModel) {
  // Written (MDX) sections carry no parts to compare; leaving them out spares the MDX compiler.
  const sections = model.sections.filter((section) => section.kind !== 'markdown')
  return prepareModel({ ...model, sections })
}

describe('one section model for the page and the Markdown export', () => {
  for (const library of REFERENCE_LIBRARIES) {
    it(`${library.key}: every section shows the same parts, in the same order, under the same labels`, async () => {
      const model = await loadReferenceModel(library.key)
      const page = await pageOf(model)
      const bySlug = new Map(page.sections.map((section) => [section.slug, section]))
      let compared = 0
      for (const section of model.sections) {
        const prepared = bySlug.get(section.slug)
        if (!prepared) continue
        const html = renderToStaticMarkup(
          <ReferenceSectionView
            section={prepared}
            hrefFor={(slug) => sectionPath(library, slug)}
            rendering={{ deferred: false, partsHref: '/parts', pageHref: '/page' }}
            topLevel
          />,
        )
        const markdown = referenceSectionToMarkdown(section, library, { siteUrl })
        const fromModel = section.parts.flatMap((part) => ('label' in part ? [part.label] : []))
        const onPage = pageLabels(html)
        expect(
          onPage.filter((label) => partLabels.has(label)),
          section.slug,
        ).toEqual(fromModel)
        expect(markdownLabels(markdown), section.slug).toEqual(onPage)
        expect(markdownSharedNames(markdown), section.slug).toEqual(pageSharedNames(html))
        compared += 1
      }
      expect(compared).toBeGreaterThan(50)
    }, 120_000)
  }

  it('puts every part of a section in its reading column first, then its side column', async () => {
    for (const library of REFERENCE_LIBRARIES) {
      for (const section of (await loadReferenceModel(library.key)).sections) {
        const columns = section.parts.map((part) => SECTION_PARTS[part.kind].column)
        expect(columns, section.slug).toEqual(
          [...columns].sort((a, b) => (a === b ? 0 : a === 'text' ? -1 : 1)),
        )
      }
    }
  })
})

describe('responses every Management API operation shares', () => {
  it('are described once in the Markdown, after the operations, and named by each operation', async () => {
    const model = await loadReferenceModel('api')
    expect(model.sharedResponses.length).toBe(7)
    const area = await referenceArea(model.library, siteUrl)
    const pages = area.groups.flatMap((group) => group.pages)
    const all = pages.map((page) => page.markdown).join('\n')
    const last = pages.at(-1)
    expect(last?.title).toBe(PART_LABELS.sharedResponses)
    for (const response of model.sharedResponses) {
      expect(all.split(response.description).length - 1, response.name).toBe(1)
      expect(last?.markdown).toContain(`## ${response.codes.join(', ')} ${response.label}\n`)
    }
    const branch = pages.find((page) => page.href === '/reference/api/v1-create-a-branch')
    expect(markdownSharedNames(branch?.markdown ?? '')).toEqual([
      '401 Unauthorized',
      '403 Feature unavailable',
      '404 Not found',
      '422 Unprocessable',
      '429 Rate limited',
      '500 Server error',
    ])
    expect(branch?.markdown).toContain(`(${siteUrl}/reference/api.md)`)
  })

  it('are referred to by id and label, and left out of the operation’s own responses', () => {
    const section: ReferenceSection = {
      id: 'x',
      slug: 'x',
      title: 'Get x',
      target: 'x',
      category: 'X',
      depth: 0,
      children: [],
      kind: 'operation',
      content: {
        kind: 'operation',
        operation: {
          operationId: 'x',
          method: 'get',
          path: '/x',
          tags: [],
          deprecated: false,
          parameters: [],
          responses: [
            { code: '200', description: 'OK.', content: [] },
            { code: '429', description: 'Slow down.', content: [], refName: 'RateLimited' },
            { code: '418', description: 'Teapot.', content: [], refName: 'NotShared' },
          ],
        },
      },
    }
    const shared = [
      {
        id: sharedResponseId('RateLimited'),
        name: 'RateLimited',
        label: sharedResponseLabel('RateLimited'),
        codes: ['429'],
        description: 'Slow down.',
        content: [],
      },
    ]
    const [model] = buildSectionModels([section], shared)
    const responses = model?.parts.find((part) => part.kind === 'responses')
    expect(responses).toEqual({
      kind: 'responses',
      label: 'Responses',
      own: [
        { code: '200', description: 'OK.', content: [] },
        { code: '418', description: 'Teapot.', content: [] },
      ],
      shared: [{ code: '429', id: 'response-rate-limited', label: 'Rate limited' }],
    })
  })
})
