import { describe, expect, it } from 'vitest'
import { parseOpenApiDocument } from '../load-spec'
import { formatProblem } from '../spec-problems'

const FILE = 'api/openapi.json'

const operation = (operationId: string) => ({ operationId, responses: { '200': { description: 'OK' } } })

describe('OpenApiDocumentSchema rules between fields', () => {
  it('rejects an operationId used by two operations, naming both', () => {
    const text = JSON.stringify(
      {
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/v1/projects': { get: operation('list-projects') },
          '/v1/organizations': { get: operation('list-projects') },
        },
      },
      null,
      2,
    )
    const result = parseOpenApiDocument(text, FILE)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems.map(formatProblem)).toEqual([
      `${FILE}:20:9: paths["/v1/organizations"].get.operationId: duplicate operationId "list-projects" (also used by GET /v1/projects)`,
    ])
  })
})
