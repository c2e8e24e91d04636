/**
 * Every request the REST API guides show is sent, with the real curl and with the real supabase-js,
 * to the REST engine (PostgREST 12.2) over the page's own schema, and must get the response the
 * page shows. The curl command and its supabase-js twins must send the same request.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { PGliteInterface } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import {
  compareResponse,
  ExampleApi,
  historyExpansionRisk,
  readSteps,
  requestShape,
  runCurl,
  runTwin,
} from './rest-api-examples'

const folder = path.join(docsRoot(), 'content', 'guides', 'api')
const pages = readdirSync(folder)
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => ({ file: `content/guides/api/${name}`, source: readFileSync(path.join(folder, name), 'utf8') }))
  .filter((page) => readSteps(page.source).some((step) => step.kind === 'request'))

describe('REST API guides: documented responses are what PostgREST 12.2 answers', () => {
  // Starting PGlite takes seconds; each page gets a clone of one prepared database.
  let template: PGliteInterface
  beforeAll(async () => {
    template = await ExampleApi.template()
  }, 120_000)
  afterAll(() => template.close())

  it('has pages with requests to check', () => {
    expect(pages.length).toBeGreaterThan(0)
  })

  for (const page of pages) {
    it(`${page.file}`, async () => {
      const failures: string[] = []
      const api = await ExampleApi.start(await template.clone())
      try {
        for (const step of readSteps(page.source)) {
          if (step.kind === 'sql') await api.migrate(step.block.code)
          else if (step.kind === 'config') api.configure(step.block.code)
          else {
            const { curl, twins, response } = step.example
            const at = `${page.file}:${curl.line}`
            if (historyExpansionRisk(curl.code)) {
              failures.push(`${at}: a "double-quoted" word with ! is expanded by interactive shells; use single quotes`)
            }
            const before = api.exchanges.length
            const output = await runCurl(curl.code, api)
            const sent = api.exchanges.slice(before)
            if (sent.length !== 1) {
              failures.push(`${at}: curl sent ${sent.length} requests, expected 1`)
              continue
            }
            const exchange = sent[0]!
            for (const problem of compareResponse(output, response, curl.code)) {
              failures.push(`${page.file}:${response.line}: ${problem}`)
            }
            const expected = requestShape(exchange.request, exchange.requestBody)
            for (const twin of twins) {
              const { requests } = await runTwin(twin.code, exchange)
              if (requests.length !== 1) {
                failures.push(`${page.file}:${twin.line}: supabase-js sent ${requests.length} requests, expected 1`)
                continue
              }
              const actual = requestShape(requests[0]!.request, requests[0]!.requestBody)
              if (JSON.stringify(actual) !== JSON.stringify(expected)) {
                failures.push(
                  `${page.file}:${twin.line}: supabase-js sends\n${JSON.stringify(actual)}\ncurl sends\n${JSON.stringify(expected)}`,
                )
              }
            }
          }
        }
        failures.push(...api.problems.map((problem) => `${page.file}: ${problem}`))
      } finally {
        await api.close()
      }
      expect(failures, failures.join('\n\n')).toEqual([])
    }, 120_000)
  }
})
