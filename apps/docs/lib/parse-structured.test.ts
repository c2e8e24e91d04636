import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  formatSourceProblem,
  parseAndValidate,
  parseStructured,
  type ParseOptions,
  type SourceResult,
} from './parse-structured'

function problems<T>(result: SourceResult<T>): string[] {
  if (result.ok) throw new Error('expected the file to be rejected')
  return result.problems.map((problem) => formatSourceProblem(problem))
}

const Spec = z.strictObject({
  name: z.string(),
  flags: z.array(z.strictObject({ id: z.string(), default: z.string() })).superRefine((flags, ctx) => {
    const ids = flags.map((flag) => flag.id)
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate flag id "${id}"` })
      }
    })
  }),
  responses: z
    .record(z.string().regex(/^\d{3}$/, 'must be a status code'), z.strictObject({ ok: z.boolean() }))
    .optional(),
})

const yamlSpec =
  (options: Partial<ParseOptions> = {}) =>
  (text: string) =>
    parseAndValidate(Spec, text, { file: 'spec.yaml', ...options })
const jsonSpec = (text: string) => parseAndValidate(Spec, text, { file: 'spec.json' })

describe('YAML', () => {
  it('returns the data and the position of each key', () => {
    const result = yamlSpec()('name: cli\nflags:\n  - id: debug\n    default: "false"\n')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.value).toEqual({ name: 'cli', flags: [{ id: 'debug', default: 'false' }] })
    expect(result.value.source.positionOf(['flags'])).toEqual({ line: 2, column: 1 })
    expect(result.value.source.positionOf(['flags', 0])).toEqual({ line: 3, column: 5 })
    expect(result.value.source.positionOf(['flags', 0, 'default'])).toEqual({ line: 4, column: 5 })
    // A field that is not written is reported where its parent is.
    expect(result.value.source.positionOf(['flags', 0, 'shorthand'])).toEqual({ line: 3, column: 5 })
  })

  it('names the line and column of a syntax error', () => {
    expect(problems(yamlSpec()('name: cli\nflags: [\n  - id: x\n'))).toEqual([
      'spec.yaml:3:3: not valid YAML: Block collections are not allowed within flow collections',
      'spec.yaml:4:1: not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ])
    expect(problems(yamlSpec()('name: "cli\nflags: []\n'))[0]).toMatch(
      /^spec\.yaml:3:1: not valid YAML: Missing closing "quote/,
    )
    expect(problems(yamlSpec()('name: a\nname: b\nflags: []\n'))).toEqual([
      'spec.yaml:2:1: not valid YAML: Map keys must be unique',
    ])
  })

  it('maps a zod failure to the line of its key, also inside lists', () => {
    expect(problems(yamlSpec()('name: cli\nflags:\n  - id: debug\n    default: false\n'))).toEqual([
      'spec.yaml:4:5: flags[0].default: expected string, received boolean',
    ])
    expect(problems(yamlSpec()('name: cli\nflags:\n  - id: debug\n    default: x\n    extra: 1\n'))).toEqual([
      'spec.yaml:5:5: flags[0]: Unrecognized key: "extra"',
    ])
  })

  it('reports a missing field as required, at the object that lacks it', () => {
    expect(problems(yamlSpec()('flags:\n  - id: debug\n'))).toEqual([
      'spec.yaml:1:1: name: is required (expected string)',
      'spec.yaml:2:5: flags[0].default: is required (expected string)',
    ])
  })

  it('places a refinement of a list at the item it names', () => {
    const text = 'name: cli\nflags:\n  - id: debug\n    default: x\n  - id: debug\n    default: y\n'
    expect(problems(yamlSpec()(text))).toEqual(['spec.yaml:5:5: flags[1].id: duplicate flag id "debug"'])
  })

  it('finds keys written as numbers and values reached through an alias', () => {
    const text = 'name: cli\nflags: []\nresponses:\n  200: { ok: yes }\n  abc: { ok: true }\n'
    expect(problems(yamlSpec()(text))).toEqual([
      'spec.yaml:4:10: responses["200"].ok: expected boolean, received string',
      'spec.yaml:5:3: responses.abc: key must be a status code',
    ])
    const aliased = yamlSpec()('base: &flag { id: x, default: 1 }\nname: cli\nflags: [*flag]\n')
    // The value is where the anchor wrote it.
    expect(problems(aliased)).toEqual([
      'spec.yaml:1:22: flags[0].default: expected string, received number',
      'spec.yaml:1:1: Unrecognized key: "base"',
    ])
  })

  it('reports an alias without its anchor at the alias', () => {
    expect(problems(yamlSpec()('name: cli\nflags:\n  - *missing\n'))).toEqual([
      'spec.yaml:3:5: not valid YAML: Unresolved alias (the anchor must be set before the alias): missing',
    ])
  })

  it('counts lines from where the text starts in its file', () => {
    const fromLine5 = yamlSpec({ firstLine: 5 })
    expect(problems(fromLine5('name: cli\nflags: 3\n'))).toEqual([
      'spec.yaml:6:1: flags: expected array, received number',
    ])
    expect(problems(fromLine5('name: "cli\n'))[0]).toMatch(/^spec\.yaml:6:1: not valid YAML/)
  })
})

describe('JSON', () => {
  const pretty = (value: unknown) => JSON.stringify(value, null, 2)

  it('maps a zod failure to the line of its key', () => {
    const text = pretty({ name: 'cli', flags: [{ id: 'debug', default: 1 }] })
    // {                      1
    //   "name": "cli",        2
    //   "flags": [            3
    //     {                   4
    //       "id": "debug",    5
    //       "default": 1      6
    expect(problems(jsonSpec(text))).toEqual([
      'spec.json:6:7: flags[0].default: expected string, received number',
    ])
    expect(problems(jsonSpec(pretty({ flags: [] })))).toEqual([
      'spec.json:1:1: name: is required (expected string)',
    ])
  })

  it('names the line and column of a syntax error', () => {
    expect(problems(jsonSpec('{\n  "name": "cli",\n  "flags": [],\n}\n'))).toEqual([
      'spec.json:4:1: not valid JSON: expected a property name in double quotes (is there a trailing comma?)',
    ])
    expect(problems(jsonSpec('{\n  "name": "cli"\n  "flags": []\n}'))).toEqual([
      'spec.json:3:3: not valid JSON: expected "," between entries',
    ])
    expect(problems(jsonSpec('{\n  // a comment\n  "name": "cli"\n}'))).toEqual([
      'spec.json:2:3: not valid JSON: comments are not allowed in JSON',
    ])
    expect(problems(jsonSpec(''))).toEqual([
      'spec.json:1:1: not valid JSON: expected a value (is there a trailing comma?)',
    ])
  })

  it('rejects a key written twice instead of keeping the last one', () => {
    expect(problems(jsonSpec('{\n  "name": "a",\n  "flags": [],\n  "name": "b"\n}'))).toEqual([
      'spec.json:4:3: name: not valid JSON: duplicate key "name"',
    ])
  })

  it('returns plain objects, as JSON.parse does', () => {
    const parsed = parseStructured('{"a": {"b": [1, {"c": null}]}}', { file: 'x.json' })
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.value.data).toEqual({ a: { b: [1, { c: null }] } })
    expect(Object.getPrototypeOf(parsed.value.data)).toBe(Object.prototype)
  })

  it('is chosen by the file extension unless a format is given', () => {
    // Valid YAML, not valid JSON.
    expect(parseStructured('name: cli', { file: 'spec.yaml' }).ok).toBe(true)
    expect(parseStructured('name: cli', { file: 'spec.json' }).ok).toBe(false)
    expect(parseStructured('name: cli', { file: 'spec.txt', format: 'json' }).ok).toBe(false)
  })
})

describe('formatSourceProblem', () => {
  it('puts the position after the file and names the part of the file when given', () => {
    const problem = { file: 'a.mdx', path: ['title'], message: 'must not be empty', line: 2, column: 8 }
    expect(formatSourceProblem(problem)).toBe('a.mdx:2:8: title: must not be empty')
    expect(formatSourceProblem(problem, 'front matter')).toBe(
      'a.mdx:2:8: front matter: title: must not be empty',
    )
    expect(formatSourceProblem({ file: 'a.yaml', path: [], message: 'cannot read the file' })).toBe(
      'a.yaml: cannot read the file',
    )
    expect(
      formatSourceProblem({ file: 'o.json', path: ['paths', '/v1/x', 'get'], message: 'm', line: 3 }),
    ).toBe('o.json:3:1: paths["/v1/x"].get: m')
  })
})
