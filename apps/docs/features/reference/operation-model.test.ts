import { describe, expect, it } from 'vitest'
import { parseOpenApiDocument } from './load-spec'
import { buildOperationModels } from './operation-model'
import { formatFieldPath, formatProblem } from './spec-problems'

function documentOf(value: object) {
  const result = parseOpenApiDocument(JSON.stringify(value), 'openapi.json')
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  return result.value
}

const projectSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'string', description: 'Project reference.' },
    name: { type: 'string' },
    region: { type: 'string', enum: ['us-east-1', 'eu-west-1'] },
    created_at: { type: 'string', format: 'date-time' },
    parent: { $ref: '#/components/schemas/Project' },
  },
}

const doc = documentOf({
  openapi: '3.1.0',
  info: { title: 'Management API', version: '1.0.0' },
  paths: {
    '/v1/projects/{ref}': {
      parameters: [
        { name: 'ref', in: 'path', schema: { type: 'string' } },
        { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
      ],
      get: {
        operationId: 'v1-get-project',
        summary: 'Get a project',
        tags: ['Projects'],
        parameters: [
          { $ref: '#/components/parameters/Verbose' },
          { name: 'X-Request-Id', in: 'header', schema: { type: ['string', 'null'] } },
        ],
        responses: {
          '404': { description: 'Not found' },
          '200': {
            description: 'The project',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Project' } } },
          },
        },
      },
      patch: {
        operationId: 'v1-update-project',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ProjectName' },
                  { type: 'object', properties: { pause: { type: 'boolean', default: false } } },
                ],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Updated',
            content: { 'application/json': { example: { id: 'abc', name: 'renamed' } } },
          },
        },
      },
    },
    '/v1/projects': {
      get: {
        operationId: 'v1-list-projects',
        responses: {
          '200': {
            description: 'All projects',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Project' } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Project: projectSchema,
      ProjectName: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    },
    parameters: {
      Verbose: { name: 'verbose', in: 'query', required: true, schema: { type: 'boolean' } },
    },
  },
})

function build() {
  const problems: string[] = []
  const models = buildOperationModels(doc, (path, message) =>
    problems.push(`${formatFieldPath(path)}: ${message}`),
  )
  return { models, problems }
}

describe('buildOperationModels', () => {
  it('merges path and operation parameters, the operation winning', () => {
    const { models, problems } = build()
    expect(problems).toEqual([])
    const get = models.get('v1-get-project')
    expect(get?.method).toBe('get')
    expect(get?.path).toBe('/v1/projects/{ref}')
    expect(get?.parameters.map((p) => [p.location, p.name, p.required, p.schema.type])).toEqual([
      ['path', 'ref', true, 'string'],
      ['query', 'verbose', true, 'boolean'],
      ['header', 'X-Request-Id', false, 'string | null'],
    ])
  })

  it('sorts responses by code and derives a JSON example from the schema', () => {
    const { models } = build()
    const get = models.get('v1-get-project')
    expect(get?.responses.map((r) => r.code)).toEqual(['200', '404'])
    const ok = get?.responses[0]?.content[0]
    expect(ok?.schema?.refName).toBe('Project')
    expect(ok?.schema?.properties.map((p) => [p.name, p.type, p.required])).toEqual([
      ['id', 'string', true],
      ['name', 'string', true],
      ['region', 'string', false],
      ['created_at', 'string (date-time)', false],
      ['parent', 'Project', false],
    ])
    expect(ok?.schema?.properties[2]?.enum).toEqual(['us-east-1', 'eu-west-1'])
    // The self reference is marked, not expanded forever.
    expect(ok?.schema?.properties[4]?.recursive).toBe(true)
    expect(JSON.parse(ok?.example ?? 'null')).toEqual({
      id: 'string',
      name: 'string',
      region: 'us-east-1',
      created_at: '2024-01-31T12:00:00Z',
      parent: {},
    })
    expect(get?.responses[1]?.content).toEqual([])
  })

  it('prefers the example given in the document', () => {
    const { models } = build()
    const patch = models.get('v1-update-project')
    expect(JSON.parse(patch?.responses[0]?.content[0]?.example ?? 'null')).toEqual({
      id: 'abc',
      name: 'renamed',
    })
  })

  it('merges allOf members of a request body', () => {
    const { models } = build()
    const body = models.get('v1-update-project')?.requestBody
    expect(body?.required).toBe(true)
    expect(body?.content[0]?.schema?.properties.map((p) => [p.name, p.required, p.default])).toEqual([
      ['name', true, undefined],
      ['pause', false, 'false'],
    ])
  })

  it('shows the item properties of an array response', () => {
    const { models } = build()
    const list = models.get('v1-list-projects')?.responses[0]?.content[0]
    expect(list?.schema?.type).toBe('array of Project')
    expect(list?.schema?.properties.map((p) => p.name)).toContain('region')
    expect(JSON.parse(list?.example ?? 'null')).toHaveLength(1)
  })

  it('reports references that do not resolve, once each', () => {
    const broken = documentOf({
      openapi: '3.0.3',
      info: { title: 'API', version: '1' },
      paths: {
        '/x': {
          get: {
            operationId: 'get-x',
            parameters: [{ $ref: '#/components/parameters/Missing' }],
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'application/json': { schema: { $ref: 'https://example.com/schema.json' } },
                },
              },
            },
          },
        },
      },
    })
    const problems: string[] = []
    buildOperationModels(broken, (path, message) => problems.push(`${formatFieldPath(path)}: ${message}`))
    expect(problems).toEqual([
      'paths["/x"].get.parameters[0].$ref: $ref "#/components/parameters/Missing" does not exist in the document',
      'paths["/x"].get.responses["200"].content["application/json"].schema.$ref: $ref "https://example.com/schema.json" points outside the document; only local references are supported',
    ])
  })
})
