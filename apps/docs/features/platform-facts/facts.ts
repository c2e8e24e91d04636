/**
 * The platform's numbers (limits, rates, sizes, retention, ports, versions) from content/facts.yaml,
 * validated, and the one formatter every output uses, so a page, its Markdown export and search
 * show the same text.
 *
 *   const fact = requireFact('functions.wall_clock_limit', 'content/guides/functions/limits.mdx')
 *   formatFact(fact)           // "400 s"
 *   formatFact(fact, 'value')  // "400"
 */
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { docsRoot } from '@/lib/repo-paths'
import { formatFieldPath, parseAndValidate, type SourceProblem } from '@/lib/parse-structured'
import { factsFileSchema, type Fact, type FactsFile } from './schema'

export type { Fact, FactsFile } from './schema'

/** Relative to apps/docs, as errors name it. */
export const FACTS_FILE = 'content/facts.yaml'

/** `full` writes the value and its unit; `value` the bare value. */
export const FACT_FORMATS = ['full', 'value'] as const
export type FactFormat = (typeof FACT_FORMATS)[number]

export function isFactFormat(format: string | undefined): format is FactFormat {
  return FACT_FORMATS.includes(format as FactFormat)
}

/** The locale the site is written in: numbers are grouped as its readers expect (`604,800`). */
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export class FactsFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FactsFileError'
  }
}

/** `content/facts.yaml:5:3: functions.wall_clock_limit: source: must be a public https URL` */
function formatProblem({ file, line, column, path: [id, ...field], message }: SourceProblem): string {
  const where = line === undefined ? file : `${file}:${line}:${column ?? 1}`
  return [where, id === undefined ? undefined : String(id), formatFieldPath(field), message]
    .filter(Boolean)
    .join(': ')
}

/** Parses and validates a facts file's text; throws one error listing every problem by id and field. */
export function parseFacts(text: string, file = FACTS_FILE): FactsFile {
  const result = parseAndValidate(factsFileSchema, text, { file, format: 'yaml' })
  if (!result.ok) throw new FactsFileError(result.problems.map(formatProblem).join('\n'))
  return result.value.value
}

/** The parsed file and the modification time it was read at: an edit (in `next dev`) reads it again. */
let cache: { facts: FactsFile; mtimeMs: number } | undefined

/** Every fact of content/facts.yaml. Throws `FactsFileError` naming the id and field of a bad entry. */
export function loadFacts(): FactsFile {
  const file = path.join(docsRoot(), FACTS_FILE)
  const { mtimeMs } = statSync(file)
  if (cache?.mtimeMs !== mtimeMs) cache = { facts: parseFacts(readFileSync(file, 'utf8')), mtimeMs }
  return cache.facts
}

export function findFact(id: string, facts: FactsFile = loadFacts()): Fact | undefined {
  return Object.hasOwn(facts, id) ? facts[id] : undefined
}

/** The message for an id the facts file lacks, with the closest ids as a hint. */
export function unknownFactMessage(id: string, facts: FactsFile = loadFacts()): string {
  const prefix = id.split('.')[0] ?? ''
  const near = Object.keys(facts).filter((known) => known.startsWith(`${prefix}.`))
  const hint = near.length ? ` (ids under "${prefix}.": ${near.join(', ')})` : ''
  return `id="${id}" is not in ${FACTS_FILE}${hint}`
}

/** The fact, or an error naming the page and the id. */
export function requireFact(id: string | undefined, page: string, facts: FactsFile = loadFacts()): Fact {
  if (!id) throw new FactsFileError(`${page}: <Fact> needs an id`)
  const fact = findFact(id, facts)
  if (!fact) throw new FactsFileError(`${page}: <Fact> ${unknownFactMessage(id, facts)}`)
  return fact
}

/** `400 s`, `50 MB`, `604,800 s`, `90%`, `2.29.15`; numbers in the site's locale, strings as written. */
export function formatFact(fact: Fact, format: FactFormat = 'full'): string {
  const value = typeof fact.value === 'number' ? numberFormat.format(fact.value) : fact.value
  if (format === 'value' || !fact.unit) return value
  // A percent sign sits against its number (`90%`); every other unit is set off by a space.
  return fact.unit === '%' ? `${value}%` : `${value} ${fact.unit}`
}

const FACT_ELEMENT = /<Fact\s+id="([^"]*)"(?:\s+format="([^"]*)")?\s*\/>/g

/**
 * MDX with every `<Fact id="..." />` replaced by the text the reader sees, for checks that read a
 * guide's source. Throws on an unknown id or format, as the build does.
 */
export function resolveFactElements(mdx: string, facts: FactsFile = loadFacts()): string {
  return mdx.replace(FACT_ELEMENT, (_element, id: string, format: string | undefined) => {
    const fact = requireFact(id, '(resolveFactElements)', facts)
    if (format !== undefined && !isFactFormat(format))
      throw new FactsFileError(`<Fact id="${id}">: unknown format "${format}"`)
    return formatFact(fact, format)
  })
}
