import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { listGuides } from '@/features/guides'
import { baseMdxComponents, renderMdx } from '@/features/mdx'
import { mdxToMarkdown, parseMdx } from '@/features/markdown-export'
import { Fact } from './Fact'
import { FACTS_FILE, FactsFileError, formatFact, loadFacts, parseFacts, resolveFactElements } from './facts'
import { checkFactUse, factUses } from './remark-facts'

const facts = loadFacts()
const today = new Date().toISOString().slice(0, 10)

/** Every `<Fact>` of every guide, with the page and line it is on. */
const uses = listGuides().flatMap((guide) => factUses(parseMdx(guide.body, guide.file), guide.file))

/** A known fact with a unit and one without, taken from the file so the tests follow it. */
const withUnit = Object.entries(facts).find(([, fact]) => fact.unit && typeof fact.value === 'number')
const withoutUnit = Object.entries(facts).find(([, fact]) => !fact.unit)

describe(FACTS_FILE, () => {
  it('has facts', () => {
    expect(Object.keys(facts).length).toBeGreaterThan(0)
  })

  it.each(Object.entries(facts))('%s has a public source and the date it was checked', (_id, fact) => {
    expect(fact.source).toMatch(/^https:\/\/[^/]+\.[^/]+\//)
    expect(fact.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(fact.checked <= today).toBe(true)
    expect(fact.label.trim()).not.toBe('')
  })

  it('every <Fact id> of every guide names a fact of the file', () => {
    const problems: string[] = []
    for (const use of uses) {
      try {
        checkFactUse(use, facts)
      } catch (error) {
        problems.push((error as Error).message)
      }
    }
    expect(problems).toEqual([])
  })

  it('every local port a guide writes out (in code too) is a port of the file', () => {
    // Ports inside URLs and config blocks cannot be a <Fact>; this keeps them equal to the file.
    const portOf = (id: string) => (/^local\.\w*port$/.test(id) ? String(facts[id]?.value) : undefined)
    const ports = new Set(Object.keys(facts).map(portOf).filter(Boolean))
    const inspector = String(facts['local.functions_inspector_port']?.value)
    const wrong = listGuides().flatMap((guide) => [
      ...[...guide.body.matchAll(/\b543\d\d\b/g)]
        .filter(([port]) => !ports.has(port))
        .map(([port]) => `${guide.file}: ${port} is not a local port of ${FACTS_FILE}`),
      ...[...guide.body.matchAll(/inspector_port = (\d+)|127\.0\.0\.1:(80\d\d)\b/g)]
        .filter((match) => (match[1] ?? match[2]) !== inspector)
        .map((match) => `${guide.file}: inspector port ${match[1] ?? match[2]} is not ${inspector}`),
    ])
    expect(wrong).toEqual([])
  })

  it('every fact is used by at least one guide', () => {
    const used = new Set(uses.map((use) => use.id))
    expect(Object.keys(facts).filter((id) => !used.has(id))).toEqual([])
  })
})

describe('the facts schema', () => {
  const entry = (fields: string) => `functions.wall_clock_limit:\n${fields}`

  it('names the id and the field of a bad entry, with its line', () => {
    const bad = entry(
      '  value: 400\n  unit: s\n  label: wall-clock limit\n  source: http://example.com/x\n  checked: 2026-11-27\n',
    )
    expect(() => parseFacts(bad, 'content/facts.yaml')).toThrow(
      /content\/facts\.yaml:5:3: functions\.wall_clock_limit: source: must be a public https URL/,
    )
  })

  it('requires a source and a checked date', () => {
    const bad = entry('  value: 400\n  label: wall-clock limit\n')
    expect(() => parseFacts(bad)).toThrow(/functions\.wall_clock_limit: source: is required/)
    expect(() => parseFacts(bad)).toThrow(/functions\.wall_clock_limit: checked: is required/)
  })

  it('refuses a checked date that is not a date or lies in the future', () => {
    const fields = '  value: 400\n  label: l\n  source: https://example.com/x\n'
    expect(() => parseFacts(entry(`${fields}  checked: 2026-13-01\n`))).toThrow(
      /checked: must be an ISO date/,
    )
    expect(() => parseFacts(entry(`${fields}  checked: 2999-01-01\n`))).toThrow(/checked: is in the future/)
  })

  it('refuses unknown fields and ids that are not dotted lower-case words', () => {
    const fields = '  value: 1\n  label: l\n  source: https://example.com/x\n  checked: 2026-01-01\n'
    expect(() => parseFacts(entry(`${fields}  units: s\n`))).toThrow(/units/)
    expect(() => parseFacts(`WallClock:\n${fields}`)).toThrow(FactsFileError)
  })
})

describe('formatFact', () => {
  const fact = {
    value: 604800,
    unit: 's',
    label: 'l',
    source: 'https://example.com/x',
    checked: '2026-01-01',
  }

  it('writes numbers in the site locale, then the unit', () => {
    expect(formatFact(fact)).toBe('604,800 s')
    expect(formatFact({ ...fact, value: 0.5, unit: 'GB' })).toBe('0.5 GB')
  })

  it('writes the bare value with format "value", and strings as written', () => {
    expect(formatFact(fact, 'value')).toBe('604,800')
    expect(formatFact({ ...fact, value: '54321', unit: undefined })).toBe('54321')
  })
})

describe('resolveFactElements', () => {
  it('replaces each <Fact> of MDX source by the text the reader sees', () => {
    const [id, fact] = withUnit!
    expect(resolveFactElements(`a <Fact id="${id}" /> b <Fact id="${id}" format="value" />`)).toBe(
      `a ${formatFact(fact)} b ${formatFact(fact, 'value')}`,
    )
    expect(() => resolveFactElements('<Fact id="nope.missing" />')).toThrow(/nope\.missing/)
  })
})

describe('<Fact>', () => {
  it('renders the value with its unit, or the bare value', () => {
    expect(withUnit).toBeDefined()
    const [id, fact] = withUnit!
    expect(renderToStaticMarkup(<Fact id={id} />)).toBe(`<span data-fact="${id}">${formatFact(fact)}</span>`)
    expect(formatFact(fact)).toMatch(new RegExp(` ${fact.unit!.replace(/[/.]/g, '\\$&')}$`))
    expect(renderToStaticMarkup(<Fact id={id} format="value" />)).toBe(
      `<span data-fact="${id}">${formatFact(fact, 'value')}</span>`,
    )
  })

  it('throws on an unknown id or format', () => {
    expect(() => renderToStaticMarkup(<Fact id="nope.missing" />)).toThrow(/nope\.missing/)
    expect(() => renderToStaticMarkup(<Fact id={withoutUnit![0]} format="short" />)).toThrow(/format/)
  })

  it('fails the page build naming the page and the id', async () => {
    await expect(
      renderMdx('Limit: <Fact id="functions.nope" />.', {
        file: 'content/guides/x/y.mdx',
        components: baseMdxComponents,
      }),
    ).rejects.toThrow(
      /content\/guides\/x\/y\.mdx:1: <Fact> id="functions\.nope" is not in content\/facts\.yaml/,
    )
  })

  it('writes the same text in the Markdown export', () => {
    const [id, fact] = withUnit!
    const options = {
      file: 'content/guides/x/y.mdx',
      pageHref: '/guides/x/y',
      siteUrl: 'https://docs.example.com',
    }
    expect(mdxToMarkdown(`Limit: <Fact id="${id}" />.`, options)).toBe(`Limit: ${formatFact(fact)}.`)
    expect(mdxToMarkdown(`<Fact id="${id}" format="value" />`, options)).toBe(formatFact(fact, 'value'))
    expect(() => mdxToMarkdown('<Fact id="functions.nope" />', options)).toThrow(
      /content\/guides\/x\/y\.mdx:1: <Fact>: id="functions\.nope" is not in/,
    )
  })
})
