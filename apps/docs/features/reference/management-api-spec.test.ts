/**
 * Checks of the Management API document (content/reference/api/openapi.json) and its section tree:
 * it is valid OpenAPI 3.1, the reference engine loads it, every operation is documented and listed,
 * the error statuses are declared where they apply, and every JSON example matches its schema.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileErrors, validate } from '@readme/openapi-parser'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { getLibrary } from './libraries'
import { loadReferenceFrom } from './load-reference'
import { parseOpenApiDocument } from './load-spec'
import { buildOperationModels } from './operation-model'
import { slugifyOperationId } from './section-tree'
import { HTTP_METHODS, type HttpMethod } from './schemas/openapi'
import { formatProblem } from './spec-problems'

const contentRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/reference')
const apiDir = path.join(contentRoot, 'api')
const specFile = path.join(apiDir, 'openapi.json')
const specText = readFileSync(specFile, 'utf8')

// The raw document, walked as plain JSON: the engine's zod schemas only keep what pages render.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const raw = JSON.parse(specText) as JsonObject

function at(root: Json, pointer: string): Json | undefined {
  let current: Json | undefined = root
  for (const part of pointer.replace(/^#\//, '').split('/')) {
    if (!isObject(current)) return undefined
    current = current[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return current
}

/** Follows `$ref`s between components until a real object is reached. */
function deref(value: Json | undefined): JsonObject {
  let current = value
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 10) throw new Error(`$ref loop at ${current.$ref}`)
    current = at(raw, current.$ref)
  }
  if (!isObject(current)) throw new Error(`expected an object, got ${JSON.stringify(value)}`)
  return current
}

interface RawOperation {
  method: HttpMethod
  path: string
  id: string
  op: JsonObject
  /** Path-level parameters first, then the operation's, dereferenced. */
  parameters: JsonObject[]
}

function operationsOf(doc: JsonObject): RawOperation[] {
  const out: RawOperation[] = []
  for (const [route, itemValue] of Object.entries(deref(doc.paths))) {
    const item = deref(itemValue)
    for (const method of HTTP_METHODS) {
      const op = item[method]
      if (!isObject(op)) continue
      const params = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ].map(deref)
      out.push({ method, path: route, id: String(op.operationId), op, parameters: params })
    }
  }
  return out
}

const operations = operationsOf(raw)

/** The validator is typed for its own document model; ours is plain parsed JSON. */
function validateDocument(doc: JsonObject) {
  return validate(doc as unknown as Parameters<typeof validate>[0])
}

// -------------------------------------------------------------------------------------------------
// Example checking: every JSON example against its schema, with the document's components.

const DOC_ID = 'https://api.basebox.dev/openapi.json'
// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

function createExampleValidator(doc: JsonObject) {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  // OpenAPI annotations that are not JSON Schema keywords.
  ajv.addKeyword({ keyword: 'example' })
  ajv.addKeyword({ keyword: 'components' })
  ajv.addSchema({ $id: DOC_ID, components: { schemas: deref(doc.components).schemas ?? {} } })
  const cache = new Map<string, ValidateFunction>()
  return (schema: Json, value: unknown): string[] => {
    // Local refs point into the document registered above.
    const anchored = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`),
    )
    const key = JSON.stringify(anchored)
    let check = cache.get(key)
    if (!check) {
      check = ajv.compile(anchored as object)
      cache.set(key, check)
    }
    return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
  }
}

interface ExampleSite {
  where: string
  schema: Json
  example: Json
}

/** Every JSON example of the document, wherever it sits, with the schema it must match. */
function collectExamples(doc: JsonObject): ExampleSite[] {
  const sites: ExampleSite[] = []
  const fromContent = (content: Json | undefined, where: string) => {
    if (!isObject(content)) return
    for (const [type, media] of Object.entries(content)) {
      if (!isObject(media) || !/json/.test(type) || media.example === undefined) continue
      if (media.schema === undefined) throw new Error(`${where} ${type}: example without a schema`)
      sites.push({ where: `${where} ${type}`, schema: media.schema, example: media.example })
    }
  }
  for (const { method, path: route, op, parameters } of operationsOf(doc)) {
    const where = `${method.toUpperCase()} ${route}`
    if (op.requestBody !== undefined) fromContent(deref(op.requestBody).content, `${where} request`)
    for (const [code, response] of Object.entries(deref(op.responses))) {
      fromContent(deref(response).content, `${where} ${code}`)
    }
    for (const parameter of parameters) {
      if (parameter.example !== undefined && parameter.schema !== undefined) {
        sites.push({
          where: `${where} parameter ${String(parameter.name)}`,
          schema: parameter.schema,
          example: parameter.example,
        })
      }
    }
  }
  // `examples` arrays inside schemas (JSON Schema 2020-12 annotations).
  const visit = (node: Json, where: string) => {
    if (Array.isArray(node)) node.forEach((child, index) => visit(child, `${where}/${index}`))
    if (!isObject(node)) return
    if (Array.isArray(node.examples) && ('type' in node || '$ref' in node)) {
      const { examples, ...schema } = node
      examples.forEach((example, index) =>
        sites.push({ where: `${where} examples[${index}]`, schema, example }),
      )
    }
    for (const [key, child] of Object.entries(node)) visit(child, `${where}/${key}`)
  }
  visit(deref(doc.components).schemas ?? {}, '#/components/schemas')
  return sites
}

// -------------------------------------------------------------------------------------------------

describe('Management API document', () => {
  it('passes the OpenAPI 3.1 validator', async () => {
    expect(raw.openapi).toMatch(/^3\.1\.\d+$/)
    // The parser resolves references in place, so it gets its own copy.
    const result = await validateDocument(structuredClone(raw))
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(result.warnings).toEqual([])
  })

  it('is rejected by the validator when a path parameter is not declared', async () => {
    const broken = structuredClone(raw)
    const get = deref(deref(broken.paths)['/v1/projects/{ref}']).get as JsonObject
    get.parameters = []
    const result = await validateDocument(broken)
    expect(result.valid).toBe(false)
  })

  it('loads in the reference engine with at least 70 operations', () => {
    const parsed = parseOpenApiDocument(specText, 'content/reference/api/openapi.json')
    if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join('\n'))
    const problems: string[] = []
    const models = buildOperationModels(parsed.value, (fieldPath, message) =>
      problems.push(`${fieldPath.join('.')}: ${message}`),
    )
    expect(problems).toEqual([])
    expect(models.size).toBe(operations.length)
    expect(models.size).toBeGreaterThanOrEqual(70)
  })

  it('lists every operation in the section tree, under the category of its tag', async () => {
    const reference = await loadReferenceFrom(getLibrary('api'), contentRoot)
    const operationSections = reference.sections.filter((section) => section.kind === 'operation')
    expect(operationSections.map((section) => section.target).sort()).toEqual(
      operations.map((operation) => operation.id).sort(),
    )
    const tagOf = new Map(operations.map((operation) => [operation.id, (operation.op.tags as string[])[0]]))
    const misplaced = operationSections
      .filter((section) => section.category !== tagOf.get(section.target))
      .map((section) => `${section.target} is under "${section.category}"`)
    expect(misplaced).toEqual([])
    const markdownIds = reference.sections.filter((s) => s.kind === 'markdown').map((s) => s.id)
    expect(markdownIds).toEqual(['introduction', 'authentication', 'errors-and-rate-limits'])
  })

  it('gives every operation one declared tag and a URL-safe id', () => {
    const declared = (raw.tags as JsonObject[]).map((tag) => String(tag.name))
    for (const { id, op } of operations) {
      const tags = op.tags as string[]
      expect(tags, id).toHaveLength(1)
      expect(declared, id).toContain(tags[0])
      // Section URLs are /reference/api/<operationId>, so the id must already be a slug.
      expect(slugifyOperationId(id), id).toBe(id)
    }
    const used = new Set(operations.map(({ op }) => (op.tags as string[])[0]))
    expect(declared.filter((tag) => !used.has(tag))).toEqual([])
  })

  it('covers the groups and routes of the Management API v1', () => {
    const routes = new Map(operations.map((o) => [o.id, `${o.method.toUpperCase()} ${o.path}`]))
    const expected: Record<string, string> = {
      'v1-list-all-projects': 'GET /v1/projects',
      'v1-create-a-project': 'POST /v1/projects',
      'v1-get-project': 'GET /v1/projects/{ref}',
      'v1-delete-a-project': 'DELETE /v1/projects/{ref}',
      'v1-pause-a-project': 'POST /v1/projects/{ref}/pause',
      'v1-restore-a-project': 'POST /v1/projects/{ref}/restore',
      'v1-get-services-health': 'GET /v1/projects/{ref}/health',
      'v1-get-project-api-keys': 'GET /v1/projects/{ref}/api-keys',
      'v1-list-all-organizations': 'GET /v1/organizations',
      'v1-list-all-branches': 'GET /v1/projects/{ref}/branches',
      'v1-get-a-branch-config': 'GET /v1/branches/{branch_id}',
      'v1-list-all-functions': 'GET /v1/projects/{ref}/functions',
      'v1-list-all-secrets': 'GET /v1/projects/{ref}/secrets',
      'v1-list-all-sso-provider': 'GET /v1/projects/{ref}/config/auth/sso/providers',
      'v1-update-hostname-config': 'POST /v1/projects/{ref}/custom-hostname/initialize',
      'v1-verify-dns-config': 'POST /v1/projects/{ref}/custom-hostname/reverify',
      'v1-activate-custom-hostname': 'POST /v1/projects/{ref}/custom-hostname/activate',
      'v1-check-vanity-subdomain-availability': 'POST /v1/projects/{ref}/vanity-subdomain/check-availability',
      'v1-activate-vanity-subdomain-config': 'POST /v1/projects/{ref}/vanity-subdomain/activate',
      'v1-update-ssl-enforcement-config': 'PUT /v1/projects/{ref}/ssl-enforcement',
      'v1-update-network-restrictions': 'POST /v1/projects/{ref}/network-restrictions/apply',
      'v1-list-all-network-bans': 'POST /v1/projects/{ref}/network-bans/retrieve',
      'v1-get-postgres-config': 'GET /v1/projects/{ref}/config/database/postgres',
      'v1-get-pgsodium-config': 'GET /v1/projects/{ref}/pgsodium',
      'v1-list-all-snippets': 'GET /v1/snippets',
      'v1-list-migration-history': 'GET /v1/projects/{ref}/database/migrations',
      'v1-run-a-query': 'POST /v1/projects/{ref}/database/query',
      'v1-generate-typescript-types': 'GET /v1/projects/{ref}/types/typescript',
      'v1-get-auth-service-config': 'GET /v1/projects/{ref}/config/auth',
      'v1-list-all-buckets': 'GET /v1/projects/{ref}/storage/buckets',
    }
    const mismatched = Object.entries(expected)
      .filter(([id, route]) => routes.get(id) !== route)
      .map(([id, route]) => `${id}: expected ${route}, found ${routes.get(id) ?? 'nothing'}`)
    expect(mismatched).toEqual([])
  })

  it('documents the operations a reader of the current API needs', () => {
    const routes = new Map(operations.map((o) => [o.id, `${o.method.toUpperCase()} ${o.path}`]))
    const expected: Record<string, string> = {
      'v1-get-postgrest-service-config': 'GET /v1/projects/{ref}/postgrest',
      'v1-update-postgrest-service-config': 'PATCH /v1/projects/{ref}/postgrest',
      'v1-get-project-signing-keys': 'GET /v1/projects/{ref}/config/auth/signing-keys',
      'v1-create-project-signing-key': 'POST /v1/projects/{ref}/config/auth/signing-keys',
      'v1-get-project-signing-key': 'GET /v1/projects/{ref}/config/auth/signing-keys/{id}',
      'v1-update-project-signing-key': 'PATCH /v1/projects/{ref}/config/auth/signing-keys/{id}',
      'v1-remove-project-signing-key': 'DELETE /v1/projects/{ref}/config/auth/signing-keys/{id}',
      'v1-get-legacy-signing-key': 'GET /v1/projects/{ref}/config/auth/signing-keys/legacy',
      'v1-create-legacy-signing-key': 'POST /v1/projects/{ref}/config/auth/signing-keys/legacy',
      'v1-list-project-addons': 'GET /v1/projects/{ref}/billing/addons',
      'v1-apply-project-addon': 'PATCH /v1/projects/{ref}/billing/addons',
      'v1-remove-project-addon': 'DELETE /v1/projects/{ref}/billing/addons/{addon_variant}',
      'v1-update-database-password': 'PATCH /v1/projects/{ref}/database/password',
      'v1-get-realtime-config': 'GET /v1/projects/{ref}/config/realtime',
      'v1-update-realtime-config': 'PATCH /v1/projects/{ref}/config/realtime',
      'v1-get-project-logs': 'GET /v1/projects/{ref}/analytics/endpoints/logs.all',
      'v1-get-all-projects-for-organization': 'GET /v1/organizations/{slug}/projects',
      'v1-get-available-regions': 'GET /v1/projects/available-regions',
      'v1-upsert-a-migration': 'PUT /v1/projects/{ref}/database/migrations',
      'v1-rollback-migrations': 'DELETE /v1/projects/{ref}/database/migrations',
      'v1-create-restore-point': 'POST /v1/projects/{ref}/database/backups/restore-point',
      'v1-get-restore-point': 'GET /v1/projects/{ref}/database/backups/restore-point',
      'v1-get-profile': 'GET /v1/profile',
    }
    const mismatched = Object.entries(expected)
      .filter(([id, route]) => routes.get(id) !== route)
      .map(([id, route]) => `${id}: expected ${route}, found ${routes.get(id) ?? 'nothing'}`)
    expect(mismatched).toEqual([])
    // Complete schemas: every JSON body and response of these operations names its properties.
    const thin: string[] = []
    for (const id of Object.keys(expected)) {
      const { op } = operations.find((o) => o.id === id)!
      const media = [
        ...(op.requestBody === undefined ? [] : [deref(deref(op.requestBody).content)['application/json']]),
        ...Object.entries(deref(op.responses))
          .filter(([code]) => /^2/.test(code))
          .map(([, response]) => deref(response).content)
          .filter(isObject)
          .map((content) => content['application/json']),
      ].filter((value) => value !== undefined)
      for (const entry of media) {
        const schema = deref(deref(entry).schema)
        if (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) thin.push(id)
      }
    }
    expect(thin).toEqual([])
  })

  it('describes the current body of Create a project', () => {
    const body = deref(at(raw, '#/components/schemas/V1CreateProjectBody'))
    expect([...(body.required as string[])].sort()).toEqual(['db_pass', 'name', 'organization_slug'])
    const properties = deref(body.properties)
    expect(deref(properties.organization_id).deprecated).toBe(true)
    expect(deref(properties.region).deprecated ?? (properties.region as JsonObject).deprecated).toBe(true)
    expect(properties.region_selection).toEqual({ $ref: '#/components/schemas/RegionSelection' })
    const sizes = deref(at(raw, '#/components/schemas/DesiredInstanceSize')).enum as string[]
    expect(sizes[0]).toBe('nano')
    expect(sizes).toEqual(
      expect.arrayContaining(['24xlarge', '24xlarge_optimized_cpu', '24xlarge_high_memory', '48xlarge', '48xlarge_high_memory']),
    )
    // The document's own request example is what readers copy: it must use the current fields.
    const create = deref(deref(raw.paths)['/v1/projects']).post as JsonObject
    const example = deref(deref(deref(create.requestBody).content)['application/json']).example as JsonObject
    expect(Object.keys(example)).not.toContain('organization_id')
    expect(Object.keys(example)).not.toContain('region')
    expect(example).toHaveProperty('organization_slug')
  })

  it('asks only for target_version to upgrade Postgres, on any release channel including preview', () => {
    const body = deref(at(raw, '#/components/schemas/UpgradeDatabaseBody'))
    expect(body.required).toEqual(['target_version'])
    expect(deref(at(raw, '#/components/schemas/ReleaseChannel')).enum).toContain('preview')
  })

  it('tells how CLI 1.187 deploys functions: an ESZIP body to create or update', () => {
    const post = (route: string, method: HttpMethod) => deref(deref(deref(raw.paths)[route])[method])
    const create = post('/v1/projects/{ref}/functions', 'post')
    const update = post('/v1/projects/{ref}/functions/{function_slug}', 'patch')
    const deploy = post('/v1/projects/{ref}/functions/deploy', 'post')
    for (const op of [create, update]) {
      expect(Object.keys(deref(deref(op.requestBody).content))).toContain('application/vnd.denoland.eszip')
      expect(String(op.description)).toMatch(/CLI 1\.187/)
    }
    expect(String(deploy.description)).toMatch(/CLI 1\.187 does not use this route/)
  })

  it('documents every operation: summary, own description, success response', () => {
    const problems: string[] = []
    for (const { id, op } of operations) {
      const summary = typeof op.summary === 'string' ? op.summary.trim() : ''
      const description = typeof op.description === 'string' ? op.description.trim() : ''
      if (summary === '') problems.push(`${id}: no summary`)
      if (description.length < 40 || description === summary) problems.push(`${id}: description too thin`)
      const codes = Object.keys(deref(op.responses))
      if (!codes.some((code) => /^2\d\d$/.test(code))) problems.push(`${id}: no 2xx response`)
      for (const [code, value] of Object.entries(deref(op.responses))) {
        const response = deref(value)
        if (String(response.description ?? '').trim() === '') problems.push(`${id} ${code}: no description`)
        for (const [type, media] of Object.entries(isObject(response.content) ? response.content : {})) {
          if (/json/.test(type) && deref(media).example === undefined)
            problems.push(`${id} ${code}: no example`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('describes request bodies with content types, properties and required fields', () => {
    const problems: string[] = []
    let bodies = 0
    for (const { id, op } of operations) {
      if (op.requestBody === undefined) continue
      bodies++
      const content = deref(op.requestBody).content
      if (!isObject(content) || Object.keys(content).length === 0) {
        problems.push(`${id}: request body without content types`)
        continue
      }
      for (const [type, media] of Object.entries(content)) {
        const schema = deref(media).schema
        if (schema === undefined) {
          problems.push(`${id} ${type}: no schema`)
          continue
        }
        const resolved = deref(schema)
        const target = resolved.type === 'array' ? deref(resolved.items) : resolved
        if (target.type !== 'object') continue
        if (!isObject(target.properties) || Object.keys(target.properties).length === 0) {
          problems.push(`${id} ${type}: object body without properties`)
        }
        for (const name of Array.isArray(target.required) ? target.required : []) {
          if (!isObject(target.properties) || !(String(name) in target.properties)) {
            problems.push(`${id} ${type}: required "${String(name)}" is not a property`)
          }
        }
      }
    }
    expect(problems).toEqual([])
    expect(bodies).toBeGreaterThanOrEqual(30)
  })

  it('declares the error statuses where they apply, through shared responses', () => {
    const shared: Record<string, string> = {
      '401': 'Unauthorized',
      '403': 'FeatureUnavailable',
      '404': 'NotFound',
      '422': 'Unprocessable',
      '429': 'RateLimited',
      '500': 'ServerError',
      '501': 'FeatureNotEnabled',
    }
    const problems: string[] = []
    for (const { id, path: route, op, parameters } of operations) {
      const responses = deref(op.responses)
      const expectStatus = (code: string, why: string) => {
        if (!(code in responses)) problems.push(`${id}: no ${code} (${why})`)
      }
      expectStatus('401', 'every route needs a token')
      expectStatus('429', 'every route is rate limited')
      expectStatus('500', 'every route can meet a degraded server')
      if (route.includes('{')) {
        expectStatus('403', 'scoped to a resource the token owner may not manage')
        expectStatus('404', 'scoped to a resource that may not exist')
      }
      if (op.requestBody !== undefined || parameters.some((p) => p.in === 'query')) {
        expectStatus('422', 'takes input that can be rejected')
      }
      if (route.includes('/sso/')) expectStatus('501', 'SSO needs SAML 2.0 switched on')
      for (const [code, value] of Object.entries(responses)) {
        const name = shared[code]
        if (name && (!isObject(value) || value.$ref !== `#/components/responses/${name}`)) {
          problems.push(`${id}: ${code} should use #/components/responses/${name}`)
        }
      }
    }
    expect(problems).toEqual([])
    const components = deref(deref(raw.components).responses)
    expect(Object.keys(components).sort()).toEqual(Object.values(shared).sort())
    for (const name of Object.values(shared)) {
      const media = deref(deref(components[name]).content)['application/json']
      expect(deref(media).schema, name).toEqual({ $ref: '#/components/schemas/ErrorResponse' })
    }
    expect(deref(components.RateLimited).description).toMatch(/refused for the next minute/)
  })

  it('validates every JSON example against its schema', { timeout: 60_000 }, () => {
    const check = createExampleValidator(raw)
    const sites = collectExamples(raw)
    const failures = sites.flatMap(({ where, schema, example }) =>
      check(schema, example).map((message) => `${where}: ${message}`),
    )
    expect(failures).toEqual([])
    expect(sites.length).toBeGreaterThanOrEqual(operations.length)
  })

  it('rejects an example that breaks its schema', () => {
    const broken = structuredClone(raw)
    const getProject = deref(deref(broken.paths)['/v1/projects/{ref}']).get as JsonObject
    const media = deref(deref(deref(getProject.responses)['200']).content)['application/json'] as JsonObject
    media.example = { ...deref(media.example), status: 'SLEEPING', created_at: 'yesterday' }
    const check = createExampleValidator(broken)
    const failures = collectExamples(broken).flatMap(({ schema, example }) => check(schema, example))
    expect(failures).toEqual([
      expect.stringContaining('/created_at must match format "date-time"'),
      expect.stringContaining('/status must be equal to one of the allowed values'),
    ])
  })

  it('explains authentication in the intro, consistent with the document', () => {
    const markdown = (name: string) => readFileSync(path.join(apiDir, 'markdown', `${name}.mdx`), 'utf8')
    const server = String((raw.servers as JsonObject[])[0]?.url)
    expect(server).toBe('https://api.basebox.dev')
    expect(deref(deref(raw.components).securitySchemes).bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    expect(raw.security).toEqual([{ bearer: [] }])

    const intro = markdown('introduction')
    expect(intro).toContain(`curl ${server}/v1/projects`)
    const auth = markdown('authentication')
    expect(auth).toContain('SUPABASE_ACCESS_TOKEN')
    expect(auth).toMatch(/-H "Authorization: Bearer sbp_[0-9a-f]{40}"/)
    expect(auth).toContain('/account/tokens')

    // The status table of the intro lists exactly the statuses the operations can return.
    const errors = markdown('errors-and-rate-limits')
    const documented = [...errors.matchAll(/^\| `(\d{3})` /gm)].map((match) => match[1])
    const used = new Set(
      operations.flatMap(({ op }) =>
        Object.keys(deref(op.responses)).filter((code) => /^[45]\d\d$/.test(code)),
      ),
    )
    expect(documented).toEqual([...used].sort())
    expect(errors).toMatch(/60 requests per minute/)
    expect(errors).toMatch(/refused for the next minute/)
  })
})
