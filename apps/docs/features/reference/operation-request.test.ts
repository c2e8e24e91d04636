/**
 * Request examples: every operation of the Management API document gets a URL with its parameters
 * filled, a body its schema accepts, a curl command the shell runs as written and a fetch call that
 * type-checks; both send the same request to a local server. Small documents pin down each rule.
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Ajv2020 } from 'ajv/dist/2020'
import addFormatsModule from 'ajv-formats'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTypeScript } from '@/features/code-samples/check-typescript'
import type { CodeSample } from '@/features/code-samples'
import { parseOpenApiDocument } from './load-spec'
import {
  ACCESS_TOKEN_VARIABLE,
  DEFAULT_API_BASE_URL,
  buildRequestExample,
  buildRequestExamples,
  sampleSchema,
  serverUrl,
  shellQuote,
  type RequestExample,
} from './operation-request'
import { HTTP_METHODS } from './schemas/openapi'
import { formatProblem } from './spec-problems'

const docsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const specText = readFileSync(path.join(docsRoot, 'content/reference/api/openapi.json'), 'utf8')

function documentOf(text: string) {
  const result = parseOpenApiDocument(text, 'openapi.json')
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  return result.value
}

const doc = documentOf(specText)
/** The document as written, for the validator: the engine's parsed copy is not what is checked. */
const raw = JSON.parse(specText) as Record<string, unknown>
const SERVER = 'https://api.basebox.dev'
const TOKEN = 'sbp_0123456789abcdef0123456789abcdef01234567'
/** The reader's shell: the token exported, no start-up file sourced. */
const shellEnv = { ...process.env, BASH_ENV: '', [ACCESS_TOKEN_VARIABLE]: TOKEN }

type JsonObject = Record<string, unknown>

function pointer(root: unknown, ref: string): JsonObject {
  let current = root
  for (const part of ref.slice(2).split('/'))
    current = (current as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return current as JsonObject
}

function derefRaw(root: unknown, value: unknown): JsonObject {
  let current = value as JsonObject
  while (typeof current.$ref === 'string') current = pointer(root, current.$ref)
  return current
}

interface RawOperation {
  id: string
  method: string
  route: string
  op: JsonObject
  parameters: JsonObject[]
}

const operations: RawOperation[] = Object.entries(raw.paths as Record<string, JsonObject>).flatMap(
  ([route, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const op = item[method] as JsonObject | undefined
      if (!op) return []
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])]
      return [
        {
          id: String(op.operationId),
          method,
          route,
          op,
          parameters: parameters.map((p) => derefRaw(raw, p)),
        },
      ]
    }),
)

/** Operations whose request body has a JSON media type, with that media type's schema. */
const jsonBodies = operations.flatMap((operation) => {
  if (operation.op.requestBody === undefined) return []
  const body = derefRaw(raw, operation.op.requestBody)
  const media = (body.content as Record<string, JsonObject>)['application/json']
  return media ? [{ ...operation, schema: media.schema, required: body.required === true, media }] : []
})

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

/** Validates values against schemas of `document`, whose local `$ref`s resolve into its components. */
function validatorFor(document: unknown) {
  const id = 'https://validator.local/openapi.json'
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true })
  addFormats(ajv)
  ajv.addKeyword({ keyword: 'example' })
  ajv.addKeyword({ keyword: 'components' })
  const components = (document as { components?: { schemas?: unknown } }).components
  ajv.addSchema({ $id: id, components: { schemas: components?.schemas ?? {} } })
  return (schema: unknown, value: unknown): string[] => {
    const anchored = JSON.parse(
      JSON.stringify(schema ?? {}).replaceAll('"#/components/', `"${id}#/components/`),
    )
    const check = ajv.compile(anchored as object)
    return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
  }
}

const validate = validatorFor(raw)
const schemaBuilt = buildRequestExamples(doc, { bodyFrom: 'schema' })
const documented = buildRequestExamples(doc)

/** The arguments curl receives once bash has parsed each command, with the token exported. */
function curlArgumentLists(commands: readonly string[]): string[][] {
  // One shell for all commands: curl prints its arguments, then a record separator.
  const script = `curl() { printf '%s\\0' "$@" $'\\x1e'; }\n${commands.join('\n')}\n`
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    env: shellEnv,
  })
  const records = out.toString('utf8').split('\x1e\0').slice(0, -1)
  return records.map((record) => record.split('\0').slice(0, -1))
}

function curlArguments(command: string): string[] {
  const [args, ...more] = curlArgumentLists([command])
  if (!args || more.length > 0) throw new Error(`expected one curl call:\n${command}`)
  return args
}

function bashSyntaxErrors(command: string): string {
  try {
    execFileSync('bash', ['--norc', '--noprofile', '-n'], { input: command, stdio: ['pipe', 'pipe', 'pipe'] })
    return ''
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error)
  }
}

/** What curl must receive for a request without a form body: method, URL, token, JSON or nothing. */
function expectedArguments(example: RequestExample): string[] {
  const start = example.method === 'GET' ? [example.url] : ['-X', example.method, example.url]
  const body =
    example.body?.kind === 'json'
      ? ['-H', `Content-Type: ${example.body.contentType}`, '--data', example.body.json]
      : []
  return [...start, '-H', `Authorization: Bearer ${TOKEN}`, ...body]
}

describe('request examples of the Management API document', () => {
  it('builds one for every operation', () => {
    expect(schemaBuilt.size).toBe(operations.length)
    expect(operations.length).toBeGreaterThanOrEqual(70)
  })

  it('starts every URL with the server URL and fills every path parameter with a value its schema accepts', () => {
    expect(serverUrl(doc.servers)).toBe(SERVER)
    const problems: string[] = []
    for (const { id, route, parameters } of operations) {
      const { url } = schemaBuilt.get(id)!
      if (!url.startsWith(`${SERVER}/`)) problems.push(`${id}: ${url} does not start with ${SERVER}/`)
      if (/[{}]/.test(url)) problems.push(`${id}: unfilled parameter in ${url}`)
      // Each `{name}` of the route becomes one segment; read it back and check it.
      const names = [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
      const template = new RegExp(`^${route.replace(/\{[^}]+\}/g, '([^/?]+)')}(\\?|$)`)
      const values = template.exec(new URL(url).pathname + new URL(url).search)?.slice(1)
      if (!values) {
        problems.push(`${id}: ${url} does not match ${route}`)
        continue
      }
      names.forEach((name, index) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name)!
        const value = decodeURIComponent(values[index]!)
        for (const error of validate(parameter.schema, value))
          problems.push(`${id} {${name}} = ${value}: ${error}`)
      })
    }
    expect(problems).toEqual([])
  })

  it('uses the parameter examples of the document and placeholders where it has none', () => {
    expect(schemaBuilt.get('v1-get-project')!.url).toBe(`${SERVER}/v1/projects/rwpdlljveecungzcsdbs`)
    expect(schemaBuilt.get('v1-get-a-branch-config')!.url).toMatch(
      new RegExp(
        `^${SERVER}/v1/branches/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
      ),
    )
  })

  it('appends required query parameters and leaves optional ones out', () => {
    const problems: string[] = []
    let required = 0
    for (const { id, parameters } of operations) {
      const search = new URL(schemaBuilt.get(id)!.url).searchParams
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        const name = String(parameter.name)
        const values = search.getAll(name)
        if (parameter.required !== true) {
          if (values.length > 0) problems.push(`${id}: optional ?${name} is in the URL`)
          continue
        }
        required++
        const schema = derefRaw(raw, parameter.schema)
        const value = schema.type === 'array' ? values : values[0]
        if (values.length === 0) problems.push(`${id}: required ?${name} is missing`)
        for (const error of validate(parameter.schema, value)) problems.push(`${id} ?${name}: ${error}`)
      }
    }
    expect(problems).toEqual([])
    expect(required).toBeGreaterThan(0)
    expect(schemaBuilt.get('v1-get-services-health')!.url).toBe(
      `${SERVER}/v1/projects/rwpdlljveecungzcsdbs/health?services=auth`,
    )
  })

  it('builds, for every JSON request body, a body from the schema that validates against it', () => {
    expect(jsonBodies.length).toBeGreaterThanOrEqual(30)
    const problems: string[] = []
    for (const { id, schema, required } of jsonBodies) {
      // Optional bodies are not sent unless the document shows one, so sample those directly too.
      const value = sampleSchema(schema as object, doc)
      for (const error of validate(schema, value)) problems.push(`${id}: ${JSON.stringify(value)}: ${error}`)
      const body = schemaBuilt.get(id)!.body
      if (!required) continue
      if (body?.kind !== 'json') {
        problems.push(`${id}: no JSON body sent`)
        continue
      }
      expect(body.source).toBe('schema')
      expect(body.value, id).toEqual(value)
      expect(JSON.parse(body.json), id).toEqual(body.value)
    }
    expect(problems).toEqual([])
  })

  it('sends only the required properties of a schema-built body', () => {
    const problems: string[] = []
    for (const { id, schema } of jsonBodies) {
      const resolved = derefRaw(raw, schema)
      if (resolved.type !== 'object' || resolved.example !== undefined) continue
      const value = sampleSchema(schema as object, doc) as JsonObject
      const required = (resolved.required as string[] | undefined) ?? []
      if (Object.keys(value).join() !== required.join()) {
        problems.push(`${id}: sends ${Object.keys(value).join()} for required ${required.join()}`)
      }
    }
    expect(problems).toEqual([])
    expect(sampleSchema({ $ref: '#/components/schemas/V1CreateProjectBody' }, doc)).toEqual({
      name: 'string',
      db_pass: 'string',
      organization_slug: expect.stringMatching(/^[\w-]+$/),
    })
    expect(sampleSchema({ $ref: '#/components/schemas/UpdatePgsodiumConfigBody' }, doc)).toEqual({
      root_key: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
  })

  it("sends the document's own request example by default, which validates too", () => {
    const problems: string[] = []
    for (const { id, schema, media } of jsonBodies) {
      const body = documented.get(id)!.body
      if (media.example === undefined) continue
      if (body?.kind !== 'json' || body.source !== 'document') {
        problems.push(`${id}: the document's example is not used`)
        continue
      }
      expect(body.value, id).toEqual(media.example)
      for (const error of validate(schema, body.value)) problems.push(`${id}: ${error}`)
    }
    expect(problems).toEqual([])
    expect(documented.get('v1-run-a-query')!.body).toMatchObject({
      kind: 'json',
      value: { query: "select id, status, total from public.orders where status = 'pending' limit 2;" },
    })
  })

  it('writes curl commands bash parses', { timeout: 120_000 }, () => {
    const commands = new Set([...schemaBuilt.values(), ...documented.values()].map((example) => example.curl))
    expect(commands.size).toBeGreaterThanOrEqual(operations.length)
    const problems = [...commands]
      .map((command) => [command, bashSyntaxErrors(command)])
      .filter(([, errors]) => errors !== '')
    expect(problems).toEqual([])
  })

  it('hands curl the URL, the token and exactly the JSON body once bash has parsed the command', () => {
    const examples = [...documented.values(), ...schemaBuilt.values()].filter((e) => e.body?.kind !== 'form')
    const argumentLists = curlArgumentLists(examples.map((example) => example.curl))
    expect(argumentLists).toHaveLength(examples.length)
    const problems = examples.flatMap((example, index) => {
      const actual = JSON.stringify(argumentLists[index])
      const expected = JSON.stringify(expectedArguments(example))
      return actual === expected ? [] : [`${example.operationId}:\n${actual}\n${expected}`]
    })
    expect(problems).toEqual([])
    // The document's function body holds single quotes: the shell must give them back intact.
    const create = documented.get('v1-create-a-function')!
    expect(create.curl).toContain(`'\\''ok'\\''`)
    expect(JSON.parse(curlArguments(create.curl).at(-1)!)).toMatchObject({
      body: "Deno.serve(() => new Response('ok'))\n",
    })
  })

  it('writes fetch calls that type-check against the DOM and Node types', { timeout: 120_000 }, () => {
    // The two body choices share most snippets; each distinct one is its own module.
    const snippets = new Set(
      [...documented.values(), ...schemaBuilt.values()].map((example) => example.fetch),
    )
    expect(snippets.size).toBeGreaterThanOrEqual(operations.length)
    const samples: CodeSample[] = [...snippets].map((code, index) => ({
      file: 'apps/docs/content/reference/api/openapi.json',
      line: 1,
      lang: 'ts',
      code,
      fragment: false,
      runnable: false,
      group: `request-examples/${index}`,
    }))
    const failures = checkTypeScript(samples, docsRoot).map(
      (failure) => `${failure.sample.group}:${failure.line} ${failure.message}\n${failure.sample.code}`,
    )
    expect(failures).toEqual([])
  })
})

// -------------------------------------------------------------------------------------------------
// Small documents, one rule each

const schemasDoc = {
  components: {
    schemas: {
      Region: { type: 'string', enum: ['us-east-1', 'eu-west-1'] },
      Named: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, label: { type: 'string' } },
      },
      Node: {
        type: 'object',
        required: ['id', 'child'],
        properties: { id: { type: 'integer' }, child: { $ref: '#/components/schemas/Node' } },
      },
    },
  },
}

describe('sampleSchema', () => {
  const check = validatorFor(schemasDoc)
  const cases: { name: string; schema: object; expected: unknown; validates?: false }[] = [
    {
      name: 'required properties only',
      schema: {
        type: 'object',
        required: ['a', 'c'],
        properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'boolean' } },
      },
      expected: { a: 'string', c: true },
    },
    {
      name: 'the first enum value',
      schema: { type: 'string', enum: ['ga', 'beta'] },
      expected: 'ga',
    },
    {
      name: 'default before enum',
      schema: { type: 'string', enum: ['internal', 'ga'], default: 'ga' },
      expected: 'ga',
    },
    {
      name: 'example before default, const before both',
      schema: {
        type: 'object',
        required: ['a', 'b', 'c'],
        properties: {
          a: { type: 'integer', default: 5, example: 42 },
          b: { type: 'string', const: 'fixed', example: 'fixed' },
          c: { type: 'string', examples: ['first', 'second'] },
        },
      },
      expected: { a: 42, b: 'fixed', c: 'first' },
    },
    {
      name: 'nested required objects, optional ones left out',
      schema: {
        type: 'object',
        required: ['outer'],
        properties: {
          outer: {
            type: 'object',
            required: ['inner'],
            properties: {
              inner: { type: 'object', required: ['n'], properties: { n: { type: 'number', minimum: 2.5 } } },
              extra: { type: 'object', properties: { x: { type: 'string' } } },
            },
          },
          skipped: { $ref: '#/components/schemas/Named' },
        },
      },
      expected: { outer: { inner: { n: 2.5 } } },
    },
    {
      name: 'arrays with one item, or minItems',
      schema: {
        type: 'object',
        required: ['one', 'three', 'none'],
        properties: {
          one: { type: 'array', items: { $ref: '#/components/schemas/Named' } },
          three: { type: 'array', minItems: 3, items: { type: 'integer', minimum: 7 } },
          none: { type: 'array', maxItems: 0, items: { type: 'string' } },
        },
      },
      expected: { one: [{ name: 'string' }], three: [7, 7, 7], none: [] },
    },
    {
      name: 'the first oneOf branch, merged with the properties beside it',
      schema: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        oneOf: [
          { type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } },
          { type: 'object', required: ['xml'], properties: { xml: { type: 'string' } } },
        ],
      },
      expected: { kind: 'string', url: 'https://example.com' },
    },
    {
      name: 'the first anyOf branch that is not null',
      schema: { anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/Region' }] },
      expected: 'us-east-1',
    },
    {
      name: 'allOf members merged',
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Named' },
          {
            type: 'object',
            required: ['region'],
            properties: { region: { $ref: '#/components/schemas/Region' } },
          },
        ],
      },
      expected: { name: 'string', region: 'us-east-1' },
    },
    {
      name: 'values by format',
      schema: {
        type: 'object',
        required: ['at', 'on', 'email', 'site', 'id', 'ip', 'host'],
        properties: {
          at: { type: 'string', format: 'date-time' },
          on: { type: 'string', format: 'date' },
          email: { type: 'string', format: 'email' },
          site: { type: 'string', format: 'uri' },
          id: { type: 'string', format: 'uuid' },
          ip: { type: 'string', format: 'ipv4' },
          host: { type: 'string', format: 'hostname' },
        },
      },
      expected: {
        at: '2024-01-31T12:00:00Z',
        on: '2024-01-31',
        email: 'user@example.com',
        site: 'https://example.com',
        id: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
        ip: '203.0.113.10',
        host: 'db.example.com',
      },
    },
    {
      name: 'strings fitted to pattern and lengths',
      schema: {
        type: 'object',
        required: ['hex', 'ref', 'short', 'long', 'secret'],
        properties: {
          hex: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          ref: { type: 'string', pattern: '^[a-z]+$', minLength: 20, maxLength: 20 },
          short: { type: 'string', maxLength: 3 },
          long: { type: 'string', minLength: 10 },
          secret: { type: 'string', pattern: '^(?!SUPABASE_)[A-Z_]+$' },
        },
      },
      expected: {
        hex: expect.stringMatching(/^[0-9a-f]{64}$/),
        ref: expect.stringMatching(/^[a-z]{20}$/),
        short: 'str',
        long: 'stringstring',
        secret: expect.stringMatching(/^(?!SUPABASE_)[A-Z_]+$/),
      },
    },
    {
      name: 'numbers from their bounds',
      schema: {
        type: 'object',
        required: ['min', 'exclusive', 'negative', 'step', 'plain'],
        properties: {
          min: { type: 'integer', minimum: 10, maximum: 20 },
          exclusive: { type: 'integer', exclusiveMinimum: 0 },
          negative: { type: 'number', maximum: -3 },
          step: { type: 'integer', minimum: 1, multipleOf: 5 },
          plain: { type: 'integer' },
        },
      },
      expected: { min: 10, exclusive: 1, negative: -3, step: 5, plain: 0 },
    },
    {
      name: 'read-only properties left to the server',
      // Plain JSON Schema still counts `id` as required: OpenAPI drops it for requests.
      validates: false,
      schema: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
      },
      expected: { name: 'string' },
    },
    {
      name: 'a schema that requires itself, cut where it repeats',
      // No finite value satisfies it.
      validates: false,
      schema: { $ref: '#/components/schemas/Node' },
      expected: { id: 0, child: {} },
    },
    {
      name: 'nullable types as their other type',
      schema: { type: ['null', 'string'], format: 'email' },
      expected: 'user@example.com',
    },
  ]

  it.each(cases)('$name', ({ schema, expected, validates }) => {
    const value = sampleSchema(schema, schemasDoc)
    expect(value).toEqual(expected)
    if (validates !== false) expect(check(schema, value)).toEqual([])
  })

  it('gives the same pattern sample on every run', () => {
    const schema = { type: 'string', pattern: '^[0-9]{14}$' }
    expect(sampleSchema(schema)).toMatch(/^[0-9]{14}$/)
    expect(sampleSchema(schema)).toBe(sampleSchema(schema))
  })

  it('names a $ref that is not in the document', () => {
    expect(() => sampleSchema({ $ref: '#/components/schemas/Missing' }, schemasDoc)).toThrow(
      '$ref "#/components/schemas/Missing" does not exist in the document',
    )
  })
})

function apiDocument(paths: object, extra: object = {}) {
  return documentOf(
    JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths, ...extra }),
  )
}

const ok = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } }

describe('buildRequestExample', () => {
  it('fills path parameters: example, enum, then placeholders by name and format', () => {
    const document = apiDocument({
      '/v1/projects/{ref}/functions/{function_slug}/{slug}/{id}/{kind}/{number}/{given}': {
        parameters: [
          { name: 'ref', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'function_slug', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['edge', 'cron'] } },
          { name: 'number', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'given', in: 'path', required: true, example: 'my value', schema: { type: 'string' } },
        ],
        get: { operationId: 'get-it', responses: ok },
      },
    })
    expect(buildRequestExample(document, 'get-it').url).toBe(
      `${DEFAULT_API_BASE_URL}/v1/projects/abcdefghijklmnopqrst/functions/my-function/my-slug/` +
        '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f/edge/1/my%20value',
    )
  })

  it('takes the base URL from the servers, with variables and relative URLs resolved', () => {
    const paths = { '/v1/things': { get: { operationId: 'list', responses: ok } } }
    expect(buildRequestExample(apiDocument(paths), 'list').url).toBe(`${DEFAULT_API_BASE_URL}/v1/things`)
    const templated = apiDocument(paths, {
      servers: [{ url: 'https://{region}.example.com/', variables: { region: { default: 'eu' } } }],
    })
    expect(buildRequestExample(templated, 'list').url).toBe('https://eu.example.com/v1/things')
    expect(buildRequestExample(apiDocument(paths, { servers: [{ url: '/api' }] }), 'list').url).toBe(
      `${DEFAULT_API_BASE_URL}/api/v1/things`,
    )
    const overridden = apiDocument({
      '/v1/things': {
        get: { operationId: 'list', servers: [{ url: 'https://eu.example.com' }], responses: ok },
      },
    })
    expect(buildRequestExample(overridden, 'list').url).toBe('https://eu.example.com/v1/things')
  })

  it('serialises required query parameters by style and sends required headers', () => {
    const document = apiDocument({
      '/v1/health': {
        get: {
          operationId: 'health',
          parameters: [
            {
              name: 'services',
              in: 'query',
              required: true,
              schema: { type: 'array', items: { type: 'string' }, minItems: 2 },
            },
            {
              name: 'tags',
              in: 'query',
              required: true,
              explode: false,
              schema: { type: 'array', items: { enum: ['a', 'b'] }, minItems: 2 },
            },
            { name: 'q', in: 'query', required: true, schema: { type: 'string', example: 'a&b c' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', default: 10 } },
            {
              name: 'X-Request-Id',
              in: 'header',
              required: true,
              schema: { type: 'string', format: 'uuid' },
            },
          ],
          responses: ok,
        },
      },
    })
    const example = buildRequestExample(document, 'health')
    expect(example.url).toBe(
      `${DEFAULT_API_BASE_URL}/v1/health?services=string&services=string&tags=a%2Ca&q=a%26b%20c`,
    )
    expect(curlArguments(example.curl)).toEqual([
      example.url,
      '-H',
      `Authorization: Bearer ${TOKEN}`,
      '-H',
      'X-Request-Id: 3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
    ])
    expect(example.fetch).toContain("'X-Request-Id': '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',")
  })

  const quoting = apiDocument({
    '/v1/notes': {
      post: {
        operationId: 'create-note',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['text'],
                properties: {
                  text: { type: 'string', example: `it's "$HOME" \`whoami\` \\n; echo 'done'\n€ \u2028` },
                  note: { type: 'string' },
                },
              },
            },
          },
        },
        responses: ok,
      },
    },
  })

  it('quotes any JSON for the shell and for TypeScript', () => {
    const example = buildRequestExample(quoting, 'create-note')
    const text = `it's "$HOME" \`whoami\` \\n; echo 'done'\n€ \u2028`
    expect(example.body).toMatchObject({ kind: 'json', value: { text }, source: 'schema' })
    expect(bashSyntaxErrors(example.curl)).toBe('')
    const args = curlArguments(example.curl)
    expect(args.at(-1)).toBe(example.body?.kind === 'json' ? example.body.json : undefined)
    expect(JSON.parse(args.at(-1)!)).toEqual({ text })
    expect(example.curl.split('\n')[0]).toBe(`curl -X POST '${DEFAULT_API_BASE_URL}/v1/notes' \\`)
    // The fetch literal, evaluated, is the same value.
    const literal = /JSON\.stringify\(([\s\S]*?)\),\n\}\)/.exec(example.fetch)![1]!
    expect(new Function(`return (${literal})`)()).toEqual({ text })
  })

  it('quotes single quotes so the shell gives them back', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`)
    expect(curlArguments(`curl ${shellQuote(`'x' "y" $z \\`)}`)).toEqual([`'x' "y" $z \\`])
  })

  it('sends an optional body only when the document shows one', () => {
    const body = (withExample: boolean) => ({
      required: false,
      content: {
        'application/json': {
          schema: { type: 'object', properties: { version: { type: 'string' } } },
          ...(withExample ? { example: { version: '20250101000000' } } : {}),
        },
      },
    })
    const document = apiDocument({
      '/v1/a': { post: { operationId: 'plain', requestBody: body(false), responses: ok } },
      '/v1/b': { post: { operationId: 'shown', requestBody: body(true), responses: ok } },
    })
    expect(buildRequestExample(document, 'plain').body).toBeUndefined()
    expect(buildRequestExample(document, 'plain').curl).not.toContain('--data')
    expect(buildRequestExample(document, 'shown').body).toMatchObject({
      value: { version: '20250101000000' },
    })
    expect(buildRequestExample(document, 'shown', { bodyFrom: 'schema' }).body).toBeUndefined()
  })

  it('reads the response as the success media type says', () => {
    const document = apiDocument({
      '/v1/a': { get: { operationId: 'json', responses: ok } },
      '/v1/b': {
        get: {
          operationId: 'text',
          responses: {
            '200': { description: 'Diff', content: { 'text/plain': { schema: { type: 'string' } } } },
          },
        },
      },
      '/v1/c': { post: { operationId: 'empty', responses: { '201': { description: 'Created' } } } },
    })
    expect(buildRequestExample(document, 'json').fetch).toMatch(/const data = await res\.json\(\)$/)
    expect(buildRequestExample(document, 'text').fetch).toMatch(/const data = await res\.text\(\)$/)
    expect(buildRequestExample(document, 'empty').fetch).not.toContain('const data')
  })

  it('names an unknown operation', () => {
    expect(() => buildRequestExample(doc, 'v1-no-such-thing')).toThrow(
      'The OpenAPI document has no operation "v1-no-such-thing"',
    )
  })
})

// -------------------------------------------------------------------------------------------------
// On the wire: curl and fetch against a local server

interface Captured {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

interface Part {
  name: string
  filename?: string
  contentType?: string
  content: string
}

/** Splits a multipart/form-data body into its parts (enough of RFC 7578 for these tests). */
function multipartParts(request: Captured): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers['content-type']))
  if (!boundary) throw new Error(`not multipart: ${request.headers['content-type']}`)
  const text = request.body.toString('latin1')
  return text
    .split(`--${boundary[1] ?? boundary[2]}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n')
      const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? ''
      const filename = /filename="([^"]*)"/.exec(disposition)?.[1]
      const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]
      return {
        name: /name="([^"]*)"/.exec(disposition)?.[1] ?? '',
        ...(filename !== undefined ? { filename } : {}),
        ...(contentType !== undefined ? { contentType } : {}),
        content: Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1').toString('utf8'),
      }
    })
}

describe('curl and fetch on the wire', () => {
  let server: Server
  let origin = ''
  let workDir = ''
  const requests: Captured[] = []
  const run = promisify(execFile)

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'request-examples-'))
    mkdirSync(path.join(workDir, 'path/to'), { recursive: true })
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        })
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(workDir, { recursive: true, force: true })
  })

  /** Runs the command with real curl, the API's base URL pointed at the local server. */
  async function sendWithCurl(example: RequestExample, base: string): Promise<Captured> {
    const script = [
      `base=${shellQuote(base)}; local=${shellQuote(origin)}`,
      'curl() { command curl --silent --show-error --fail "${@/#"$base"/$local}"; }',
      example.curl,
    ].join('\n')
    requests.length = 0
    await run('bash', ['--norc', '--noprofile', '-c', script], {
      cwd: workDir,
      env: shellEnv,
    })
    expect(requests).toHaveLength(1)
    return requests[0]!
  }

  /** Runs the fetch code (transpiled, with its one import passed in), the base URL pointed likewise. */
  async function sendWithFetch(example: RequestExample, base: string): Promise<Captured> {
    const code = example.fetch
      .replace(/^import \{ openAsBlob \} from 'node:fs'\n/m, '')
      .replaceAll("'path/to/", `'${workDir}/path/to/`)
    const js = ts.transpileModule(code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText
    const { openAsBlob } = await import('node:fs')
    const localFetch = (input: string, init: RequestInit) => fetch(input.replace(base, origin), init)
    const env = { [ACCESS_TOKEN_VARIABLE]: TOKEN }
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...values: unknown[]) => Promise<void>
    requests.length = 0
    await new AsyncFunction('fetch', 'openAsBlob', 'process', js)(localFetch, openAsBlob, { env })
    expect(requests).toHaveLength(1)
    return requests[0]!
  }

  it.each([
    'v1-create-a-function',
    'v1-get-services-health',
    'v1-bulk-delete-secrets',
    'v1-delete-a-project',
  ])('%s: the same request from curl and from fetch', async (operationId) => {
    const example = documented.get(operationId)!
    const viaCurl = await sendWithCurl(example, SERVER)
    const viaFetch = await sendWithFetch(example, SERVER)
    const expectedUrl = example.url.slice(SERVER.length)
    for (const request of [viaCurl, viaFetch]) {
      expect(request.method).toBe(example.method)
      expect(request.url).toBe(expectedUrl)
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`)
    }
    if (example.body?.kind === 'json') {
      expect(viaCurl.body.toString('utf8')).toBe(example.body.json)
      expect(JSON.parse(viaFetch.body.toString('utf8'))).toEqual(example.body.value)
      expect(viaCurl.headers['content-type']).toBe('application/json')
      expect(viaFetch.headers['content-type']).toBe('application/json')
    } else {
      expect(viaCurl.body.length + viaFetch.body.length).toBe(0)
    }
  })

  it('uploads a multipart form: JSON part and file, the same from curl and from fetch', async () => {
    const example = documented.get('v1-deploy-a-function')!
    expect(example.body).toEqual({
      kind: 'form',
      contentType: 'multipart/form-data',
      fields: [
        {
          kind: 'text',
          name: 'metadata',
          value: '{"entrypoint_path":"string"}',
          contentType: 'application/json',
        },
        { kind: 'file', name: 'file', path: 'path/to/file' },
      ],
    })
    const source = "Deno.serve(() => new Response('ok'))\n"
    writeFileSync(path.join(workDir, 'path/to/file'), source)
    const viaCurl = multipartParts(await sendWithCurl(example, SERVER))
    const viaFetch = multipartParts(await sendWithFetch(example, SERVER))
    for (const parts of [viaCurl, viaFetch]) {
      expect(parts.map((part) => part.name)).toEqual(['metadata', 'file'])
      expect(parts[0]).toMatchObject({
        contentType: 'application/json',
        content: '{"entrypoint_path":"string"}',
      })
      expect(parts[1]).toMatchObject({ filename: 'file', content: source })
    }
  })

  it('keeps a JSON part with semicolons and quotes intact through curl -F', async () => {
    const document = apiDocument({
      '/v1/upload': {
        post: {
          operationId: 'upload',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['meta', 'label'],
                  properties: {
                    meta: {
                      type: 'object',
                      required: ['sql'],
                      properties: { sql: { type: 'string', example: `select 'a;b' as "x"; -- \\ @` } },
                    },
                    label: { type: 'string', example: '@not-a-file;type=text/html' },
                    bundle: { type: 'string', format: 'binary' },
                  },
                },
              },
            },
          },
          responses: ok,
        },
      },
    })
    const example = buildRequestExample(document, 'upload')
    writeFileSync(path.join(workDir, 'path/to/bundle'), 'bytes')
    for (const parts of [
      multipartParts(await sendWithCurl(example, DEFAULT_API_BASE_URL)),
      multipartParts(await sendWithFetch(example, DEFAULT_API_BASE_URL)),
    ]) {
      expect(parts.map((part) => [part.name, part.content])).toEqual([
        ['meta', JSON.stringify({ sql: `select 'a;b' as "x"; -- \\ @` })],
        ['label', '@not-a-file;type=text/html'],
        ['bundle', 'bytes'],
      ])
      expect(parts[0]!.contentType).toBe('application/json')
    }
  })

  it('uploads a raw file body and a URL-encoded form', async () => {
    const document = apiDocument({
      '/v1/bundle': {
        post: {
          operationId: 'bundle',
          requestBody: {
            required: true,
            content: { 'application/vnd.denoland.eszip': { schema: { type: 'string', format: 'binary' } } },
          },
          responses: ok,
        },
      },
      '/v1/token': {
        post: {
          operationId: 'token',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['grant_type', 'scope'],
                  properties: {
                    grant_type: { type: 'string', const: 'client_credentials' },
                    scope: { type: 'string', example: 'read write&admin=1' },
                  },
                },
              },
            },
          },
          responses: ok,
        },
      },
    })
    const bundle = buildRequestExample(document, 'bundle')
    expect(bundle.body).toEqual({
      kind: 'file',
      contentType: 'application/vnd.denoland.eszip',
      path: 'path/to/file.eszip',
    })
    writeFileSync(path.join(workDir, 'path/to/file.eszip'), 'ESZIP\u0000bytes')
    for (const request of [
      await sendWithCurl(bundle, DEFAULT_API_BASE_URL),
      await sendWithFetch(bundle, DEFAULT_API_BASE_URL),
    ]) {
      expect(request.headers['content-type']).toBe('application/vnd.denoland.eszip')
      expect(request.body.toString('utf8')).toBe('ESZIP\u0000bytes')
    }
    const token = buildRequestExample(document, 'token')
    for (const request of [
      await sendWithCurl(token, DEFAULT_API_BASE_URL),
      await sendWithFetch(token, DEFAULT_API_BASE_URL),
    ]) {
      expect(String(request.headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded/)
      expect(Object.fromEntries(new URLSearchParams(request.body.toString('utf8')))).toEqual({
        grant_type: 'client_credentials',
        scope: 'read write&admin=1',
      })
    }
  })
})
