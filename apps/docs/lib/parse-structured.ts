/**
 * Reads YAML and JSON content files and validates them with zod, reporting every problem as a
 * value that names the file, the field and where it is (`file:line:column`).
 *
 *   const result = parseAndValidate(FrontMatterSchema, text, { file: 'content/guides/a.mdx' })
 *   if (!result.ok) throw new Error(result.problems.map((p) => formatSourceProblem(p)).join('\n'))
 *   result.value.value                      // the schema's output
 *   result.value.source.positionOf(['title'])  // { line, column } of a field, for later checks
 *
 * YAML goes through the `yaml` package's document model and JSON through `jsonc-parser` (strict:
 * no comments, no trailing commas), both keeping positions so a zod issue path maps to the line of
 * the key in the source.
 */
import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser'
import {
  LineCounter,
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseDocument,
  type Node as YamlNode,
} from 'yaml'
import type { z } from 'zod'

/** Where a value is: keys of objects and indexes of arrays, from the root. */
export type FieldPath = readonly PropertyKey[]

/** 1-based, as editors count. */
export interface SourcePosition {
  line: number
  column: number
}

export interface SourceProblem {
  /** File as shown to the author: relative to the working directory when inside it. */
  file: string
  path: FieldPath
  message: string
  line?: number | undefined
  column?: number | undefined
}

export type SourceResult<T> = { ok: true; value: T } | { ok: false; problems: SourceProblem[] }

export type SourceFormat = 'yaml' | 'json'

export interface ParseOptions {
  /** Shown in problems. Its extension picks the format unless `format` is given. */
  file: string
  format?: SourceFormat | undefined
  /** Line of the file the text starts on, when it is a part of a file (front matter). */
  firstLine?: number | undefined
}

/** A parsed file that still knows where each of its values was written. */
export interface StructuredSource {
  file: string
  data: unknown
  /** Position of a field's key (or of an array item); a missing field answers with its parent's. */
  positionOf: (path: FieldPath) => SourcePosition | undefined
}

/** `commands[3].flags[0].default_value`, `paths["/v1/projects"].get` */
export function formatFieldPath(path: FieldPath): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else {
      const name = String(key)
      if (/^[A-Za-z_$][\w$-]*$/.test(name)) out += out === '' ? name : `.${name}`
      else out += `[${JSON.stringify(name)}]`
    }
  }
  return out
}

/**
 * `content/reference/cli/spec.yaml:19:9: commands[0].flags[0].default_value: expected string`.
 * `part` names the part of the file the field path is relative to (`front matter`).
 */
export function formatSourceProblem(problem: SourceProblem, part?: string): string {
  const where =
    problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column ?? 1}`
  return [where, part, formatFieldPath(problem.path), problem.message].filter(Boolean).join(': ')
}

/** Thrown when a content file is broken, so the build stops with every problem listed. */
export class SourceProblemsError extends Error {
  readonly problems: SourceProblem[]

  constructor(label: string, problems: SourceProblem[]) {
    const shown = problems.slice(0, 50).map((problem) => formatSourceProblem(problem))
    const more = problems.length > shown.length ? [`... and ${problems.length - shown.length} more`] : []
    super(
      `${label} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        [...shown, ...more].map((line) => `  ${line}`).join('\n'),
    )
    this.name = 'SourceProblemsError'
    this.problems = problems
  }
}

export function formatOf(file: string): SourceFormat {
  return /\.json$/i.test(file) ? 'json' : 'yaml'
}

export function parseStructured(text: string, options: ParseOptions): SourceResult<StructuredSource> {
  const format = options.format ?? formatOf(options.file)
  const lineShift = (options.firstLine ?? 1) - 1
  return format === 'json'
    ? parseJson(text, options.file, lineShift)
    : parseYaml(text, options.file, lineShift)
}

/** Validates a parsed file; every zod issue becomes a problem at the line of its field. */
export function validateStructured<S extends z.ZodType>(
  schema: S,
  source: StructuredSource,
): SourceResult<z.output<S>> {
  const result = schema.safeParse(source.data)
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    problems: flattenIssues(result.error.issues).map((issue) => {
      // An unknown key is shown at the key itself, not at the object holding it.
      const at =
        issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined
          ? [...issue.path, issue.keys[0]]
          : issue.path
      return {
        file: source.file,
        path: issue.path,
        message: issueMessage(issue, source.data),
        ...source.positionOf(at),
      }
    }),
  }
}

export function parseAndValidate<S extends z.ZodType>(
  schema: S,
  text: string,
  options: ParseOptions,
): SourceResult<{ value: z.output<S>; source: StructuredSource }> {
  const parsed = parseStructured(text, options)
  if (!parsed.ok) return parsed
  const validated = validateStructured(schema, parsed.value)
  if (!validated.ok) return validated
  return { ok: true, value: { value: validated.value, source: parsed.value } }
}

// ---------------------------------------------------------------------------------------------
// YAML

function parseYaml(text: string, file: string, lineShift: number): SourceResult<StructuredSource> {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false })
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset)
    return { line: line + lineShift, column: col }
  }
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        file,
        path: [],
        message: `not valid YAML: ${error.message.split('\n')[0]}`,
        ...at(error.pos[0]),
      })),
    }
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (error) {
    // An alias whose anchor comes later or nowhere, or too many aliases: a problem, not a crash.
    const message = error instanceof Error ? error.message : String(error)
    const alias = /alias[^:]*:\s*([\w-]+)/i.exec(message)?.[1]
    const index = alias ? text.search(new RegExp(`\\*${alias}(?![\\w-])`)) : -1
    return {
      ok: false,
      problems: [{ file, path: [], message: `not valid YAML: ${message}`, ...(index >= 0 ? at(index) : {}) }],
    }
  }
  const positionOf = (path: FieldPath): SourcePosition | undefined => {
    let node: unknown = doc.contents
    let found: YamlNode | undefined = isNode(node) ? node : undefined
    for (const key of path) {
      if (isAlias(node)) node = node.resolve(doc)
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key))
        if (!pair) break
        // The key's line is where an author looks, even when the value starts on the next one.
        if (isNode(pair.key)) found = pair.key
        node = pair.value
      } else if (isSeq(node) && typeof key === 'number') {
        const item = node.items[key]
        if (!isNode(item)) break
        found = item
        node = item
      } else break
    }
    return found?.range ? at(found.range[0]) : undefined
  }
  return { ok: true, value: { file, data, positionOf } }
}

// ---------------------------------------------------------------------------------------------
// JSON

/** What each jsonc-parser error means, in the words of someone reading the file. */
const JSON_ERRORS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes (is there a trailing comma?)',
  ValueExpected: 'expected a value (is there a trailing comma?)',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between entries',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected content after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'malformed number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string (control characters must be escaped)',
}

function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1)
  return starts
}

function parseJson(text: string, file: string, lineShift: number): SourceResult<StructuredSource> {
  const starts = lineStarts(text)
  const at = (offset: number): SourcePosition => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((starts[mid] ?? 0) <= offset) low = mid
      else high = mid - 1
    }
    return { line: low + 1 + lineShift, column: offset - (starts[low] ?? 0) + 1 }
  }
  const errors: ParseError[] = []
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false })
  // After the first syntax error the parser's recovery produces follow-on errors: show the first.
  const first = errors[0]
  if (first || !root) {
    const code = first ? printParseErrorCode(first.error) : 'ValueExpected'
    return {
      ok: false,
      problems: [
        {
          file,
          path: [],
          message: `not valid JSON: ${JSON_ERRORS[code] ?? code}`,
          ...at(first?.offset ?? 0),
        },
      ],
    }
  }
  const duplicates = duplicateKeys(root)
  if (duplicates.length > 0) {
    return {
      ok: false,
      problems: duplicates.map(({ path, key }) => ({
        file,
        path,
        message: `not valid JSON: duplicate key "${String(path.at(-1))}"`,
        ...at(key.offset),
      })),
    }
  }
  const positionOf = (path: FieldPath): SourcePosition | undefined => {
    let node: JsonNode = root
    let found: JsonNode = root
    for (const key of path) {
      if (node.type === 'object') {
        const property = node.children?.find((child) => child.children?.[0]?.value === String(key))
        const value = property?.children?.[1]
        if (!property || !value) break
        found = property
        node = value
      } else if (node.type === 'array' && typeof key === 'number') {
        const item = node.children?.[key]
        if (!item) break
        found = item
        node = item
      } else break
    }
    return at(found.offset)
  }
  // The tree has checked the syntax; JSON.parse builds the plain objects the schemas expect.
  return { ok: true, value: { file, data: JSON.parse(text) as unknown, positionOf } }
}

/** Keys written twice in one object: JSON.parse would keep the last one silently. */
function duplicateKeys(root: JsonNode): { path: FieldPath; key: JsonNode }[] {
  const found: { path: FieldPath; key: JsonNode }[] = []
  const visit = (node: JsonNode, path: PropertyKey[]) => {
    if (node.type === 'object') {
      const seen = new Set<string>()
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? []
        if (!key || typeof key.value !== 'string') continue
        if (seen.has(key.value)) found.push({ path: [...path, key.value], key })
        seen.add(key.value)
        if (value) visit(value, [...path, key.value])
      }
    } else if (node.type === 'array') {
      node.children?.forEach((child, index) => visit(child, [...path, index]))
    }
  }
  visit(root, [])
  return found
}

// ---------------------------------------------------------------------------------------------
// zod issues

function issueMessage(issue: z.core.$ZodIssue, input: unknown): string {
  const message = issue.message.replace(/^Invalid (input|option): /, '')
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    return `is required (${message.replace(/, received undefined$/, '')})`
  }
  return message
}

function valueAt(input: unknown, path: FieldPath): unknown {
  let current = input
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
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
      return flattenIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })))
    }
    if (issue.code === 'invalid_key' && issue.issues.length > 0) {
      return issue.issues.map((inner) => ({ ...inner, path: issue.path, message: `key ${inner.message}` }))
    }
    return [issue]
  })
}
