/**
 * The guides' runnable supabase-js blocks do what their pages say: each runs, compiled as the page
 * shows it, with the real client (the anon key's, the signed-in example user's or the service_role
 * key's, as its meta says) on the platform (auth, REST and storage engines) over a fresh database
 * made by the page's runnable SQL above it, and its result must be the page's Response.
 * A failure names the page and line.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { PGliteInterface } from '@electric-sql/pglite'
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { createPlatformDb } from '@docs/pglite-platform'
import { EXAMPLE_USER_SQL } from '@docs/pglite-platform/example-keys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeDifference } from '@/features/reference/runner'
import { remarkCodeBlocks } from '@/features/mdx'
import { docsRoot } from '@/lib/repo-paths'
import {
  compiledBody,
  examplesOfPage,
  findGuideExamples,
  GENERATED_FILE,
  guideExamplesModuleSource,
} from './generate-guide-examples'
import { guideExampleKey } from './guide-example'
import { guideExamples } from './guide-examples.generated'
import { runGuideExample, type SchemaCaches } from './run-guide-example'

const found = findGuideExamples(docsRoot())

describe('the compiled guide examples', () => {
  it('are up to date with the guides (run npm run generate:guide-examples -w @docs/site)', () => {
    const onDisk = readFileSync(path.join(docsRoot(), GENERATED_FILE), 'utf8')
    expect(onDisk === guideExamplesModuleSource(found)).toBe(true)
  })

  it('run the code the page shows, character for character', () => {
    expect(Object.keys(guideExamples)).toEqual(found.map((example) => example.key))
    const onDisk = readFileSync(path.join(docsRoot(), GENERATED_FILE), 'utf8')
    for (const { key, code } of found) expect(onDisk, key).toContain(compiledBody(code))
  })

  it("are what the pages' Run buttons name", async () => {
    for (const file of new Set(found.map((example) => example.file))) {
      const tree = unified()
        .use(remarkParse)
        .use(remarkMdx)
        .parse(readFileSync(path.join(docsRoot(), file), 'utf8'))
      await unified()
        .use(remarkCodeBlocks((index) => guideExampleKey(file, index)))
        .run(tree)
      const keys: unknown[] = []
      const labels: unknown[] = []
      visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
        keys.push(...node.attributes.filter((a) => 'name' in a && a.name === 'run').map((a) => a.value))
        labels.push(
          ...node.attributes.filter((a) => 'name' in a && a.name === 'runLabel').map((a) => a.value),
        )
      })
      // A screen reader's list of buttons tells each Run apart.
      expect(new Set(labels).size, `${file}: ${labels.join(' | ')}`).toBe(labels.length)
      expect(keys, file).toEqual(
        found.filter((example) => example.file === file).map((example) => example.key),
      )
    }
  })

  it('are at least 20', () => {
    expect(found.length).toBeGreaterThanOrEqual(20)
  })

  it('read the Response as the README says, and refuse a preamble that does more than make the client', () => {
    const page = (ts: string, response: string) =>
      `\`\`\`sql runnable\ncreate table t (id int);\n\`\`\`\n\n${ts}\n\n${response}\n`
    const ts = "```ts runnable\nconst { data } = await supabase.from('t').select()\n```"
    const expectedFor = (response: string) =>
      examplesOfPage('content/guides/x.mdx', page(ts, response))[0]?.expected
    const json = (text: string) => `\`\`\`json title="Response"\n${text}\n\`\`\``
    const http = (text: string) => `\`\`\`http title="Response"\n${text}\n\`\`\``
    const problem = {
      code: 'PGRST103',
      details: null,
      hint: null,
      message: 'Requested range not satisfiable',
    }

    expect(expectedFor(json('[{ "id": 1 }]'))).toEqual({ data: [{ id: 1 }], error: null })
    expect(expectedFor(json(JSON.stringify(problem)))).toEqual({ data: null, error: problem })
    expect(expectedFor(json('{ "data": [], "status": 200, "statusText": "OK" }'))).toEqual({
      data: [],
      error: null,
      count: null,
      status: 200,
      statusText: 'OK',
    })
    expect(expectedFor(http('HTTP/1.1 206 Partial Content\ncontent-range: 0-0/3\n\n[{ "id": 1 }]'))).toEqual({
      data: [{ id: 1 }],
      error: null,
      status: 206,
      statusText: 'Partial Content',
      count: 3,
    })
    // supabase-js reads no count from an error.
    expect(
      expectedFor(
        http(
          `HTTP/1.1 416 Requested Range Not Satisfiable\nContent-Range: */8\n\n${JSON.stringify(problem)}`,
        ),
      ),
    ).toEqual({ data: null, error: problem, status: 416, statusText: 'Requested Range Not Satisfiable' })
    expect(expectedFor('No response here.')).toBeUndefined()

    const preamble =
      "```ts runnable\nimport { createClient } from '@supabase/supabase-js'\nconst secret = 1\n// ---cut---\nawait supabase.from('t').select()\n```"
    expect(() => examplesOfPage('content/guides/x.mdx', page(preamble, ''))).toThrow(
      /x\.mdx:6: .*const secret = 1/,
    )

    // A preamble may declare the client; the meta picks whose client runs the block.
    const declared = (meta: string) =>
      `\`\`\`ts ${meta}\ndeclare const supabase: import('@supabase/supabase-js').SupabaseClient\n// ---cut---\nawait supabase.auth.getUser()\n\`\`\``
    const clientOf = (meta: string) => examplesOfPage('content/guides/x.mdx', declared(meta))[0]?.client
    expect(clientOf('runnable')).toBeUndefined()
    expect(clientOf('title="me.ts" runnable signed-in')).toBe('signed-in')
    expect(clientOf('runnable service-role')).toBe('service-role')
    expect(examplesOfPage('content/guides/x.mdx', declared('runnable'))[0]?.sql).toEqual([])
  })
})

describe('every runnable guide example returns its documented response', () => {
  // Each run gets a fresh copy of one platform database (roles, auth, storage, the example user).
  let template: PGliteInterface
  const matching: string[] = []
  const schemaCaches: SchemaCaches = new Map()

  beforeAll(async () => {
    template = await createPlatformDb()
    await template.exec(EXAMPLE_USER_SQL)
  }, 120_000)

  afterAll(async () => {
    console.log(`guide examples run: ${found.length}, matching their documented response: ${matching.length}`)
    await template.close()
  })

  for (const { key, file, line } of found) {
    it(`${file}:${line}`, async () => {
      const db = await template.clone()
      try {
        const outcome = await runGuideExample(db, guideExamples[key]!, schemaCaches)
        expect(outcome.failure, `${file}:${line}: ${outcome.failure}`).toBeUndefined()
        if (outcome.undocumented) {
          expect(outcome.returned?.error ?? null, `${file}:${line} returned an error`).toBeNull()
          return
        }
        const differences = outcome.differences.map(describeDifference)
        expect(differences, `${file}:${line} differs from its documented response`).toEqual([])
        matching.push(key)
      } finally {
        await db.close()
      }
    }, 60_000)
  }
})
