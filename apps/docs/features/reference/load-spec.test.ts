import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  loadCliSpec,
  loadSectionTree,
  parseCliSpec,
  parseClientLibSpec,
  parseOpenApiDocument,
  parseSectionTree,
} from './load-spec'
import { formatProblem, ReferenceSpecError, type SpecResult } from './spec-problems'

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__')

function messages<T>(result: SpecResult<T>): string[] {
  if (result.ok) throw new Error('expected the spec to be rejected')
  return result.problems.map(formatProblem)
}

const CLI_FILE = 'content/reference/cli/spec.yaml'

const cliSpec = (commands: string) => `info:
  id: cli
  version: 1.0.0
  title: CLI
  language: sh
  source: https://example.com/cli
  tags:
    - id: local-dev
      title: Local development
commands:
${commands}`

describe('parseCliSpec', () => {
  it('accepts a good spec and applies defaults', async () => {
    const spec = await loadCliSpec(path.join(fixtures, 'cli-good.yaml'))
    expect(spec.commands.map((command) => command.id)).toEqual(['supabase-db', 'supabase-db-push'])
    const push = spec.commands[1]
    expect(push?.flags.find((flag) => flag.id === 'password')?.shorthand).toBe('-p')
    expect(push?.flags.find((flag) => flag.id === 'debug')?.inherit).toBe(true)
    expect(spec.commands[0]?.flags).toEqual([])
    expect(spec.commands[0]?.links).toEqual([])
  })

  it('names the file, the field path and the line of a wrong type', () => {
    const result = parseCliSpec(
      cliSpec(`  - id: db-push
    title: supabase db push
    summary: Push.
    usage: supabase db push
    flags:
      - id: linked
        name: --linked
        description: Use the linked project.
        default_value: true
`),
      CLI_FILE,
    )
    expect(messages(result)).toEqual([
      `${CLI_FILE}:19:9: commands[0].flags[0].default_value: expected string, received boolean`,
    ])
  })

  it('reports a missing required field as required', () => {
    const result = parseCliSpec(
      cliSpec(`  - id: db-push
    title: supabase db push
    usage: supabase db push
`),
      CLI_FILE,
    )
    expect(messages(result)).toEqual([`${CLI_FILE}:11:5: commands[0].summary: is required (expected string)`])
  })

  it('rejects unknown keys, such as camelCase spellings of fields', () => {
    const result = parseCliSpec(
      cliSpec(`  - id: db-push
    title: supabase db push
    summary: Push.
    usage: supabase db push
    flags:
      - id: linked
        name: --linked
        description: Use the linked project.
        defaultValue: 'true'
`),
      CLI_FILE,
    )
    const found = messages(result)
    expect(found).toContain(`${CLI_FILE}:19:9: commands[0].flags[0]: Unrecognized key: "defaultValue"`)
    expect(found).toContain(
      `${CLI_FILE}:16:9: commands[0].flags[0].default_value: is required (expected string)`,
    )
  })

  it('checks flag names, shorthands, types and accepted values', () => {
    const result = parseCliSpec(
      cliSpec(`  - id: gen-types
    title: supabase gen types
    summary: Generate types.
    usage: supabase gen types
    flags:
      - id: lang
        name: lang
        shorthand: l
        type: text
        description: Output language.
        default_value: cobol
        accepted_values:
          - { id: typescript, name: typescript, type: string }
          - { id: go, name: go, type: string }
`),
      CLI_FILE,
    )
    const found = messages(result)
    expect(found.some((m) => m.includes('commands[0].flags[0].name: must look like "--flag-name"'))).toBe(
      true,
    )
    expect(found.some((m) => m.includes('commands[0].flags[0].shorthand: must look like "-p"'))).toBe(true)
    expect(found.some((m) => m.includes('commands[0].flags[0].type:'))).toBe(true)
  })

  it('reports a default value outside accepted_values once the shape is valid', () => {
    const result = parseCliSpec(
      cliSpec(`  - id: gen-types
    title: supabase gen types
    summary: Generate types.
    usage: supabase gen types
    flags:
      - id: lang
        name: --lang
        type: enum
        description: Output language.
        default_value: cobol
        accepted_values:
          - { id: typescript, name: typescript, type: string }
`),
      CLI_FILE,
    )
    expect(messages(result)).toEqual([
      `${CLI_FILE}:20:9: commands[0].flags[0].default_value: "cobol" is not one of accepted_values (typescript)`,
    ])
  })

  it('checks subcommand references, duplicate ids and groups', () => {
    const result = parseCliSpec(
      cliSpec(`  - id: db
    title: supabase db
    summary: Database.
    usage: supabase db
    group: remote
    subcommands: [db-pull]
  - id: db
    title: supabase db again
    summary: Duplicate.
    usage: supabase db
`),
      CLI_FILE,
    )
    expect(messages(result)).toEqual([
      `${CLI_FILE}:17:5: commands[1].id: duplicate command id "db" (first used at index 0)`,
      `${CLI_FILE}:16:19: commands[0].subcommands[0]: no command has the id "db-pull"`,
      `${CLI_FILE}:15:5: commands[0].group: "remote" is not one of info.tags`,
    ])
  })

  it('reports broken YAML with its line', () => {
    const result = parseCliSpec('info:\n  id: cli\n   version: [\n', CLI_FILE)
    const [first] = messages(result)
    expect(first).toMatch(/^content\/reference\/cli\/spec\.yaml:2:7: not valid YAML: .+$/)
  })

  it('reports an alias without its anchor as a problem, not a crash', () => {
    const result = parseCliSpec('info:\n  id: cli\ncommands:\n  - *first-command\n', CLI_FILE)
    expect(messages(result)).toEqual([
      `${CLI_FILE}:4:5: not valid YAML: Unresolved alias (the anchor must be set before the alias): first-command`,
    ])
  })

  it('throws a ReferenceSpecError naming a missing file', async () => {
    const missing = path.join(fixtures, 'does-not-exist.yaml')
    await expect(loadCliSpec(missing)).rejects.toThrow(ReferenceSpecError)
    await expect(loadCliSpec(missing)).rejects.toThrow(
      /does-not-exist\.yaml: cannot read the file \(ENOENT\)/,
    )
  })
})

const JS_FILE = 'content/reference/javascript/v2/spec.yaml'
const jsSpec = (functions: string) => `info:
  id: supabase-js
  version: 2.45.0
  title: JavaScript
  language: ts
functions:
${functions}`

describe('parseClientLibSpec', () => {
  it('accepts functions with nested params and example data', () => {
    const result = parseClientLibSpec(
      jsSpec(`  - id: select
    title: 'Fetch data: select()'
    description: Reads rows.
    params:
      - name: columns
        type: string
        optional: true
      - name: options
        type: object
        optional: true
        properties:
          - name: count
            type: "'exact' | 'planned' | 'estimated'"
            optional: true
    notes: Returns at most 1,000 rows by default.
    examples:
      - id: all-rows
        name: All rows
        code: const { data } = await supabase.from('countries').select()
        response: '{ "data": [] }'
        data:
          sql: create table countries (id int8 primary key, name text);
          tables:
            - name: countries
              columns: [id, name]
              rows:
                - [1, Chile]
`),
      JS_FILE,
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const select = result.value.functions[0]
    expect(select?.params[1]?.properties?.[0]?.name).toBe('count')
    expect(select?.examples[0]?.data?.tables?.[0]?.rows).toEqual([[1, 'Chile']])
  })

  it('names nested parameter fields and table rows of the wrong width', () => {
    const result = parseClientLibSpec(
      jsSpec(`  - id: select
    title: select()
    params:
      - name: options
        type: object
        properties:
          - name: count
    examples:
      - id: all-rows
        name: All rows
        code: select()
        data:
          tables:
            - name: countries
              columns: [id, name]
              rows:
                - [1]
`),
      JS_FILE,
    )
    expect(messages(result)).toEqual([
      `${JS_FILE}:13:13: functions[0].params[0].properties[0].type: is required (expected string)`,
      `${JS_FILE}:23:19: functions[0].examples[0].data.tables[0].rows[0]: has 1 cells but the table has 2 columns`,
    ])
  })

  it('rejects an example data block without sql or tables', () => {
    const result = parseClientLibSpec(
      jsSpec(`  - id: select
    title: select()
    examples:
      - id: a
        name: A
        code: select()
        data: {}
`),
      JS_FILE,
    )
    expect(messages(result)).toEqual([
      `${JS_FILE}:13:9: functions[0].examples[0].data: needs \`sql\`, \`tables\` or both`,
    ])
  })

  it('rejects duplicate function ids', () => {
    const fn = `  - id: select
    title: select()
`
    expect(messages(parseClientLibSpec(jsSpec(fn + fn), JS_FILE))).toEqual([
      `${JS_FILE}:9:5: functions[1].id: duplicate function id "select" (first used at index 0)`,
    ])
  })
})

const API_FILE = 'content/reference/api/openapi.json'

describe('parseOpenApiDocument', () => {
  const doc = (operation: object) =>
    JSON.stringify(
      {
        openapi: '3.1.0',
        info: { title: 'Management API', version: '1.0.0' },
        paths: { '/v1/projects': { get: operation } },
      },
      null,
      2,
    )

  it('accepts an operation and keeps unknown OpenAPI fields', () => {
    const result = parseOpenApiDocument(
      doc({
        operationId: 'v1-list-all-projects',
        summary: 'List all projects',
        'x-badges': ['beta'],
        responses: { '200': { description: 'OK' } },
      }),
      API_FILE,
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const operation = result.value.paths['/v1/projects']?.get
    expect(operation?.operationId).toBe('v1-list-all-projects')
    expect(operation?.tags).toEqual([])
    expect((operation as Record<string, unknown>)['x-badges']).toEqual(['beta'])
  })

  it('names the path, method and field of a bad operation', () => {
    const result = parseOpenApiDocument(
      doc({
        operationId: 'list projects',
        parameters: [{ name: 'limit', in: 'body' }],
        responses: { ok: { description: 'OK' } },
      }),
      API_FILE,
    )
    const found = messages(result)
    expect(found).toContain(
      `${API_FILE}:10:9: paths["/v1/projects"].get.operationId: must be letters, digits, dashes and underscores`,
    )
    expect(found).toContain(
      `${API_FILE}:14:13: paths["/v1/projects"].get.parameters[0].in: expected one of "path"|"query"|"header"|"cookie"`,
    )
    expect(found).toContain(
      `${API_FILE}:18:11: paths["/v1/projects"].get.responses.ok: key must be an HTTP status code or "default"`,
    )
  })

  it('rejects a Swagger 2 document', () => {
    const found = messages(parseOpenApiDocument('{"swagger": "2.0", "info": {}, "paths": {}}', API_FILE))
    expect(found).toContain(`${API_FILE}:1:1: openapi: is required (expected string)`)
  })
})

const TREE_FILE = 'content/reference/javascript/v2/sections.yaml'

describe('parseSectionTree', () => {
  it('accepts categories with nested sections', async () => {
    const tree = await loadSectionTree(path.join(fixtures, 'sections-good.yaml'))
    expect(tree.categories.map((category) => category.title)).toEqual(['Getting started', 'Database'])
    expect(tree.categories[1]?.sections[0]?.items?.[0]?.id).toBe('eq')
  })

  it('fails on a section of an unknown kind, naming the section', () => {
    const result = parseSectionTree(
      `categories:
  - title: Database
    sections:
      - id: select
        title: Fetch data
        kind: widget
`,
      TREE_FILE,
    )
    expect(messages(result)).toEqual([
      `${TREE_FILE}:6:9: categories[0].sections[0].kind: section "select" has unknown kind "widget" (expected one of markdown, function, cli-command, operation)`,
    ])
  })

  it('fails on kind-specific fields used with another kind', () => {
    const result = parseSectionTree(
      `categories:
  - title: Database
    sections:
      - id: select
        title: Fetch data
        kind: markdown
        function_id: select
`,
      TREE_FILE,
    )
    expect(messages(result)).toEqual([
      `${TREE_FILE}:7:9: categories[0].sections[0]: Unrecognized key: "function_id"`,
    ])
  })

  it('fails on duplicate ids and slugs, also across nesting levels', () => {
    const result = parseSectionTree(
      `categories:
  - title: A
    sections:
      - id: select
        title: Fetch data
        kind: function
        items:
          - id: eq
            title: Equal
            kind: function
  - title: B
    sections:
      - id: eq
        title: Equal again
        kind: function
      - id: filters
        slug: select
        title: Filters
        kind: markdown
`,
      TREE_FILE,
    )
    expect(messages(result)).toEqual([
      `${TREE_FILE}:13:9: categories[1].sections[0].id: duplicate section id "eq" (also at categories[0].sections[0].items[0])`,
      `${TREE_FILE}:13:9: categories[1].sections[0].slug: duplicate slug "eq" (also at categories[0].sections[0].items[0])`,
      `${TREE_FILE}:17:9: categories[1].sections[1].slug: duplicate slug "select" (also at categories[0].sections[0])`,
    ])
  })

  it('rejects reserved and malformed slugs and empty categories', () => {
    const result = parseSectionTree(
      `categories:
  - title: A
    sections:
      - id: crawl
        slug: crawlers
        title: Crawl
        kind: markdown
      - id: Bad Id
        title: Bad
        kind: markdown
  - title: Empty
`,
      TREE_FILE,
    )
    const found = messages(result)
    expect(found).toContain(`${TREE_FILE}:5:9: categories[0].sections[0].slug: is reserved (crawlers)`)
    expect(
      found.some((m) => m.startsWith(`${TREE_FILE}:8:9: categories[0].sections[1].id: must be lower-case`)),
    ).toBe(true)
    expect(found).toContain(`${TREE_FILE}:11:5: categories[1]: needs \`sections\`, \`include\` or both`)
  })
})
