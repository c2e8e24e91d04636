/**
 * Reading and validating reference content files. `parse*` functions take the file's text and
 * return a `SpecResult`; `load*` functions read a file and throw `ReferenceSpecError` listing every
 * problem, which is what fails the build. Syntax, shape and the rules between fields are all
 * checked by `@/lib/parse-structured` with the schemas in `./schemas`; only the checks that need
 * another file (does a section's function exist in the spec?) happen here.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { z } from 'zod'
import { parseAndValidate } from '@/lib/parse-structured'
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

/** YAML or JSON (by the file's extension), validated against the schema. */
function parseWith<S extends z.ZodType>(schema: S, text: string, file: string): SpecResult<z.output<S>> {
  const result = parseAndValidate(schema, text, { file })
  return result.ok ? { ok: true, value: result.value.value } : result
}

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
  const parsed = parseAndValidate(SectionTreeSchema, text, { file })
  if (!parsed.ok) return parsed
  const { value, source } = parsed.value
  const problems: SpecProblem[] = []
  const report = (fieldPath: FieldPath, message: string) =>
    problems.push({ file, path: fieldPath, message, ...source.positionOf(fieldPath) })
  const tree = buildSectionTree(value, sources, report)
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
