import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseArguments, runCli } from '../src/cli/main'

async function run(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await runCli(args, {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    readStdin: async () => stdin,
  })
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}

describe('sql-to-rest command', () => {
  it('prints curl by default', async () => {
    const { code, stdout } = await run(['select id from books where id = 1'])
    expect(code).toBe(0)
    expect(stdout).toContain("curl 'http://localhost:54321/rest/v1/books?select=id&id=eq.1'")
  })

  it('prints raw HTTP, supabase-js and the model on request', async () => {
    expect((await run(['--format', 'http', 'select * from t'])).stdout).toMatch(
      /^GET \/rest\/v1\/t\?select=\* HTTP\/1\.1/,
    )
    expect((await run(['--format=js', 'select * from t'])).stdout).toContain(".from('t')")
    const json = JSON.parse((await run(['--format', 'json', 'select * from t'])).stdout) as Record<
      string,
      unknown
    >
    expect(json).toMatchObject({
      method: 'GET',
      path: '/t',
      query: [['select', '*']],
      operation: { kind: 'select' },
    })
  })

  it('uses the base URL it is given', async () => {
    const { stdout } = await run(['--base-url', 'https://abc.supabase.co/rest/v1', 'select * from t'])
    expect(stdout).toContain("'https://abc.supabase.co/rest/v1/t?select=*'")
  })

  it('reads the SQL from standard input', async () => {
    const { code, stdout } = await run(['--format', 'http'], 'delete from t where id = 2\n')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^DELETE \/rest\/v1\/t\?id=eq\.2 HTTP\/1\.1/)
  })

  it('prints a translation error as JSON and exits with 1', async () => {
    const { code, stdout } = await run(['select * form t'])
    expect(code).toBe(1)
    expect(JSON.parse(stdout)).toEqual({
      kind: 'parse',
      message: 'Invalid SQL: syntax error at or near "form".',
      hint: 'Check the SQL at line 1, column 10, near "form t".',
    })
  })

  it('prints a render error as JSON and exits with 1', async () => {
    const { code, stdout } = await run(['--format', 'js', 'select * from t offset 5'])
    expect(code).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ kind: 'render' })
  })

  it('writes warnings to standard error', async () => {
    const { code, stderr } = await run(['delete from t'])
    expect(code).toBe(0)
    expect(stderr).toMatch(/^warning: This DELETE has no WHERE clause/)
  })

  it('exits with 2 on bad usage', async () => {
    expect((await run(['--format', 'xml', 'select 1'])).code).toBe(2)
    expect((await run(['--verbose', 'select 1'])).code).toBe(2)
    expect((await run(['select 1', 'select 2'])).code).toBe(2)
    expect((await run(['--base-url'])).code).toBe(2)
  })

  it('reads its arguments', () => {
    expect(parseArguments(['--format', 'json', '--', '-x'])).toEqual({
      sql: '-x',
      format: 'json',
      baseUrl: 'http://localhost:54321/rest/v1',
    })
    expect(parseArguments(['-h'])).toEqual({ help: true })
  })

  it('runs as a bin without a build step', async () => {
    const bin = fileURLToPath(new URL('../bin/sql-to-rest.mjs', import.meta.url))
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [bin, '--format', 'js', 'select title from books limit 2'],
        (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
      )
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(".select('title')\n  .limit(2)")
    const failure = await new Promise<number | null>((resolve) => {
      execFile(process.execPath, [bin, 'drop table books'], (error) =>
        resolve(error ? (error.code as number) : 0),
      )
    })
    expect(failure).toBe(1)
  })
})
