/**
 * Reading and validating reference content files. `parse*` functions take the file's text and
 * return a `SpecResult`; `load*` functions read a file and throw `ReferenceSpecError` listing every
 * problem, which is what fails the build. Rules between fields (unique ids, references inside the
 * file) are part of the schemas in `./schemas`; only the checks that need another file (does a
 * section's function exist in the spec?) happen here.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { LineCounter, parseDocument, isNode, type Document } from 'yaml'
import type { z } from 'zod'
import { CliSpecSchema, type CliSpec } from './schemas/cli-spec'
import { ClientLibSpecSchema, type ClientLibSpec } from './schemas/client-library-spec'
import { OpenApiDocumentSchema, type OpenApiDocument } from './schemas/openapi'
import { SectionTreeSchema, type SectionTreeFile } from './schemas/section-tree'
import { buildSectionTree, type ReferenceSectionTree, type SectionSources } from './section-tree'
import { unwrapSpec, type FieldPath, type SpecProblem, type SpecResult } from './spec-problems'

/** The file name shown in messages: relative to the working directory when it is inside it. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

interface ParsedText {
  data: unknown
  lineOf: (fieldPath: FieldPath) => number | undefined
}

/** Parses YAML (and therefore JSON) keeping positions, so problems can name their line. */
function parseText(text: string, file: string): SpecResult<ParsedText> {
  const lineCounter = new LineCounter()
  const doc: Document = parseDocument(text, {
    lineCounter,
    prettyErrors: true,
  })
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        file,
        path: [],
        message: `not valid YAML/JSON: ${error.message.split('\n')[0]}`,
        line: error.linePos?.[0].line,
      })),
    }
  }
  const lineOf = (fieldPath: FieldPath): number | undefined => {
    // Walk up until a node exists: a missing field is reported at its parent object.
    for (let depth = fieldPath.length; depth >= 0; depth--) {
      const keys = fieldPath.slice(0, depth).map((key) => (typeof key === 'symbol' ? String(key) : key))
      const node = depth === 0 ? doc.contents : doc.getIn(keys, true)
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line
    }
    return undefined
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (error) {
    // An alias whose anchor comes later or nowhere, or too many aliases: a value, not a crash.
    const message = error instanceof Error ? error.message : String(error)
    const alias = /alias[^:]*:\s*([\w-]+)/i.exec(message)?.[1]
    const index = alias ? text.search(new RegExp(`\\*${alias}(?![\\w-])`)) : -1
    return {
      ok: false,
      problems: [
        {
          file,
          path: [],
          message: `not valid YAML: ${message}`,
          line: index >= 0 ? lineCounter.linePos(index).line : undefined,
        },
      ],
    }
  }
  return { ok: true, value: { data, lineOf } }
}

function issueMessage(issue: z.core.$ZodIssue, input: unknown): string {
  const message = issue.message.replace(/^Invalid (input|option): /, '')
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    return `is required (${message.replace(/, received undefined$/, '')})`
  }
  return message
}

function valueAt(input: unknown, fieldPath: FieldPath): unknown {
  let current = input
  for (const key of fieldPath) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

function validate<S extends z.ZodType>(schema: S, parsed: ParsedText, file: string): SpecResult<z.output<S>> {
  const result = schema.safeParse(parsed.data)
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    problems: flattenIssues(result.error.issues).map((issue) => {
      const keyPath =
        issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined
          ? [...issue.path, issue.keys[0]]
          : issue.path
      return {
        file,
        path: issue.path,
        message: issueMessage(issue, parsed.data),
        line: parsed.lineOf(keyPath),
      }
    }),
  }
}

/**
 * Replaces union and record-key failures by the issues of their closest branch, so the author
 * reads "type: is required" instead of "Invalid input".
 */
function flattenIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue): z.core.$ZodIssue[] => {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Fewest issues wins; on a tie the later branch, since `$ref` alternatives come first.
      const closest = issue.errors.reduce((best, branch) => (branch.length <= best.length ? branch : best))
      return flattenIssues(
        closest.map((inner) => ({
          ...inner,
          path: [...issue.path, ...inner.path],
        })),
      )
    }
    if (issue.code === 'invalid_key' && issue.issues.length > 0) {
      return issue.issues.map((inner) => ({
        ...inner,
        path: issue.path,
        message: `key ${inner.message}`,
      }))
    }
    return [issue]
  })
}

/** Parse, then validate against the schema (which carries the rules between fields). */
function parseWith<S extends z.ZodType>(schema: S, text: string, file: string): SpecResult<z.output<S>> {
  const parsed = parseText(text, file)
  if (!parsed.ok) return parsed
  return validate(schema, parsed.value, file)
}

// ---------------------------------------------------------------------------------------------

export function parseCliSpec(text: string, file: string): SpecResult<CliSpec> {
  return parseWith(CliSpecSchema, text, file)
}

export function parseClientLibSpec(text: string, file: string): SpecResult<ClientLibSpec> {
  return parseWith(ClientLibSpecSchema, text, file)
}

export function parseOpenApiDocument(text: string, file: string): SpecResult<OpenApiDocument> {
  return parseWith(OpenApiDocumentSchema, text, file)
}

export function parseSectionTree(text: string, file: string): SpecResult<SectionTreeFile> {
  return parseWith(SectionTreeSchema, text, file)
}

/** Parses sections.yaml and builds the page's tree against what the library's spec offers. */
export function parseReferenceSectionTree(
  text: string,
  file: string,
  sources: SectionSources,
): SpecResult<ReferenceSectionTree> {
  const parsed = parseText(text, file)
  if (!parsed.ok) return parsed
  const validated = validate(SectionTreeSchema, parsed.value, file)
  if (!validated.ok) return validated
  const problems: SpecProblem[] = []
  const report = (fieldPath: FieldPath, message: string) =>
    problems.push({ file, path: fieldPath, message, line: parsed.value.lineOf(fieldPath) })
  const tree = buildSectionTree(validated.value, sources, report)
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: tree }
}

// ---------------------------------------------------------------------------------------------

async function readSpecFile(file: string): Promise<SpecResult<string>> {
  try {
    return { ok: true, value: await readFile(file, 'utf8') }
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error)
    return {
      ok: false,
      problems: [
        {
          file: displayPath(file),
          path: [],
          message: `cannot read the file (${reason})`,
        },
      ],
    }
  }
}

async function loadWith<T>(file: string, parse: (text: string, file: string) => SpecResult<T>): Promise<T> {
  const text = unwrapSpec(await readSpecFile(file))
  return unwrapSpec(parse(text, displayPath(file)))
}

export function loadCliSpec(file: string): Promise<CliSpec> {
  return loadWith(file, parseCliSpec)
}

export function loadClientLibSpec(file: string): Promise<ClientLibSpec> {
  return loadWith(file, parseClientLibSpec)
}

export function loadOpenApiDocument(file: string): Promise<OpenApiDocument> {
  return loadWith(file, parseOpenApiDocument)
}

export function loadSectionTree(file: string): Promise<SectionTreeFile> {
  return loadWith(file, parseSectionTree)
}

export function loadReferenceSectionTree(
  file: string,
  sources: SectionSources,
): Promise<ReferenceSectionTree> {
  return loadWith(file, (text, shown) => parseReferenceSectionTree(text, shown, sources))
}
