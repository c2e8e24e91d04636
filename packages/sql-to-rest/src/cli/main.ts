/** The `sql-to-rest` command: one SQL statement in, a request (or a JSON error) out. */
import { initTranslator, renderCurl, renderHttp, renderSupabaseJs, translate } from '../index'
import { DEFAULT_BASE_URL, type RenderResult } from '../render/shared'
import type { RequestModel } from '@docs/postgrest-request'

const FORMATS = ['curl', 'http', 'js', 'json'] as const
type Format = (typeof FORMATS)[number]

const USAGE = `Usage: sql-to-rest [options] "<sql>"

Translates one SQL statement into the equivalent PostgREST request.
Reads the SQL from standard input when no argument is given.

Options:
  --format curl|http|js|json   output (default: curl); json prints the request model
  --base-url URL               REST endpoint (default: ${DEFAULT_BASE_URL})
  -h, --help                   show this help

Exit status: 0 on success, 1 when the SQL cannot be translated, 2 on bad usage.`

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  readStdin: () => Promise<string>
}

type Parsed = { sql?: string; format: Format; baseUrl: string } | { help: true } | { usage: string }

export function parseArguments(args: string[]): Parsed {
  let format: Format = 'curl'
  let baseUrl = DEFAULT_BASE_URL
  const positional: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined]
    const value = (): string | undefined => inline ?? args[++index]
    if (flag === '-h' || flag === '--help') return { help: true }
    if (flag === '--format') {
      const chosen = value()
      if (!FORMATS.includes(chosen as Format))
        return { usage: `--format must be one of ${FORMATS.join(', ')}.` }
      format = chosen as Format
    } else if (flag === '--base-url') {
      const chosen = value()
      if (!chosen) return { usage: '--base-url needs a URL.' }
      baseUrl = chosen
    } else if (flag === '--') {
      positional.push(...args.slice(index + 1))
      break
    } else if (flag.startsWith('-') && flag.length > 1) {
      return { usage: `Unknown option ${flag}.` }
    } else {
      positional.push(arg)
    }
  }
  if (positional.length > 1) return { usage: 'Pass the SQL as one argument (quote it).' }
  return positional[0] === undefined ? { format, baseUrl } : { sql: positional[0], format, baseUrl }
}

function render(request: RequestModel, format: Exclude<Format, 'json'>, baseUrl: string): RenderResult {
  if (format === 'curl') return renderCurl(request, { baseUrl })
  if (format === 'http') return renderHttp(request, { baseUrl })
  return renderSupabaseJs(request)
}

export async function runCli(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArguments(args)
  if ('help' in parsed) {
    io.stdout(USAGE)
    return 0
  }
  if ('usage' in parsed) {
    io.stderr(`${parsed.usage}\n\n${USAGE}`)
    return 2
  }
  const sql = parsed.sql ?? (await io.readStdin()).trimEnd()
  await initTranslator()
  const result = translate(sql)
  const fail = (error: { kind: string; message: string; hint: string }): number => {
    io.stdout(JSON.stringify({ kind: error.kind, message: error.message, hint: error.hint }, null, 2))
    return 1
  }
  if (!result.ok) return fail(result.error)
  for (const warning of result.warnings) io.stderr(`warning: ${warning.message}`)
  for (const note of result.notes) io.stderr(`note: ${note.message}`)
  if (parsed.format === 'json') {
    const { operation, ...http } = result.request
    io.stdout(JSON.stringify({ ...http, operation }, null, 2))
    return 0
  }
  const output = render(result.request, parsed.format, parsed.baseUrl)
  if (!output.ok) return fail(output.error)
  io.stdout(output.code)
  return 0
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    readStdin: () => readAll(process.stdin),
  })
}
