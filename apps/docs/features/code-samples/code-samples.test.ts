import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromMdx } from './extract-mdx'
import { extractFromYaml } from './extract-yaml'
import { checkSamples, countSamples } from './run-checks'
import { formatFailure } from './samples'

const docsDir = path.resolve(import.meta.dirname, '..', '..')
const fixture = (name: string) => {
  const file = `apps/docs/content/guides/__fixtures__/${name}`
  return extractFromMdx(file, readFileSync(path.join(import.meta.dirname, '__fixtures__', name), 'utf8'))
}

describe('code-sample check', () => {
  it(
    'fails on each deliberately broken sample, naming file, line and message',
    { timeout: 60_000 },
    async () => {
      const report = await checkSamples(fixture('broken.mdx'), docsDir)
      const lines = report.failures.map(formatFailure)
      const file = 'apps/docs/content/guides/__fixtures__/broken.mdx'
      expect(lines).toEqual([
        `${file}:18: [ts] TS2322: Type 'number' is not assignable to type 'string'.`,
        expect.stringMatching(
          new RegExp(`^${file}:28: \\[sql\\] does not parse: syntax error at or near "id"`),
        ),
        expect.stringMatching(
          new RegExp(`^${file}:37: \\[sql\\] fails on Postgres: null value in column "name"`),
        ),
        expect.stringMatching(new RegExp(`^${file}:43: \\[json\\] invalid JSON`)),
        expect.stringMatching(new RegExp(`^${file}:47: \\[yaml\\] invalid YAML`)),
        expect.stringMatching(new RegExp(`^${file}:5[12]: \\[toml\\] invalid TOML`)),
        expect.stringMatching(new RegExp(`^${file}:56: \\[bash\\] bash -n: syntax error`)),
        `${file}:62: [bash] "supabase functions serve": --inspect-mode does not accept "debug" (one of: run, brk, wait)`,
      ])
      expect(report.cliCalls).toBe(2)
      expect(report.byLanguage.typescript).toEqual({ checked: 2, fragments: 1, failed: 1 })
      expect(report.executed).toBe(2)
    },
  )

  it(
    'counts every sample once for the test summary: passed, failed or skipped',
    { timeout: 60_000 },
    async () => {
      const samples = fixture('broken.mdx')
      const counts = countSamples(await checkSamples(samples, docsDir))
      expect(counts.failed).toBe(8)
      expect(counts.skipped).toBeGreaterThan(0)
      expect(counts.passed + counts.failed + counts.skipped).toBe(samples.length)
    },
  )

  it('passes correct samples, importing titled files and hiding preambles', { timeout: 60_000 }, async () => {
    const report = await checkSamples(fixture('good.mdx'), docsDir)
    expect(report.failures.map(formatFailure)).toEqual([])
    expect(report.executed).toBe(2)
  })

  it(
    'checks the files <ExampleFile> shows, which the page may import under their title',
    { timeout: 60_000 },
    async () => {
      const page = [
        '---',
        'title: Example',
        'description: A page that shows a file of the repository.',
        '---',
        '',
        '<Tabs>',
        '  <TabPanel id="a" label="A">',
        '    <ExampleFile path="examples/shared/greet.ts" title="src/lib/greet.ts" />',
        '',
        '    ```ts title="src/app.ts"',
        "    import { greet } from './lib/greet'",
        '    const message: string = greet(1)',
        '    ```',
        '  </TabPanel>',
        '</Tabs>',
      ].join('\n')
      const files: Record<string, string> = {
        'examples/shared/greet.ts':
          'export function greet(name: string): string {\n  return `Hello, ${name}`\n}\n',
      }
      const samples = extractFromMdx('apps/docs/content/guides/example.mdx', page, (file) => files[file]!)
      expect(samples.map((s) => [s.file, s.line, s.lang, s.title])).toEqual([
        ['examples/shared/greet.ts', 1, 'ts', 'src/lib/greet.ts'],
        ['apps/docs/content/guides/example.mdx', 11, 'ts', 'src/app.ts'],
      ])
      const report = await checkSamples(samples, docsDir)
      // The import resolves; only the wrong argument type is reported.
      expect(report.failures.map(formatFailure)).toEqual([
        "apps/docs/content/guides/example.mdx:12: [ts] TS2345: Argument of type 'number' is not assignable to parameter of type 'string'.",
      ])
    },
  )

  it('finds code and data.sql in YAML specs with their lines', () => {
    const yaml = [
      'functions:',
      '  - id: select',
      '    examples:',
      '      - name: Read',
      '        code: |',
      "          const { data } = await supabase.from('t').select()",
      '        data:',
      '          sql: create table t (id int);',
    ].join('\n')
    const samples = extractFromYaml('spec.yaml', yaml, {
      rules: [
        { key: 'code', under: 'examples', lang: 'ts' },
        { key: 'sql', under: 'data', lang: 'sql', runnable: true },
      ],
    })
    expect(samples.map((s) => [s.lang, s.line, s.runnable])).toEqual([
      ['ts', 6, false],
      ['sql', 8, true],
    ])
  })
})
