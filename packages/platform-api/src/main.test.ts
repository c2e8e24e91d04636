import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const dataRoot = mkdtempSync(path.join(tmpdir(), 'platform-api-main-'))
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }))

/**
 * Each test starts the server in a Node process of its own through tsx: 1 to 2 s idle, 17 s seen
 * with both cores oversubscribed. The first also creates an embedded database (initdb: about 3 s
 * idle, 13 to 30 s on a busy machine).
 */
const START_PROCESS_MS = 60_000
const CREATE_DATABASE_MS = 60_000

it(
  'starts, prints its URL, serves requests and exits cleanly on SIGTERM',
  async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: {
        ...process.env,
        PORT: '0',
        PLATFORM_API_HOST: '127.0.0.1',
        PLATFORM_API_TEST_CONTROLS: '',
        PLATFORM_API_DATA_DIR: path.join(dataRoot, 'data'),
        PLATFORM_API_DATABASE_URL: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = output.match(/listening on (http:\/\/\S+)/)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)))
    })

    const response = await fetch(`${url}/platform/projects`)
    expect(response.status).toBe(401)
    const testControls = await fetch(`${url}/__test__/reset`, { method: 'POST' })
    expect(testControls.status).toBe(404)

    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
    // The embedded database was closed: its lock is gone.
    expect(existsSync(path.join(dataRoot, 'data.lock'))).toBe(false)
  },
  START_PROCESS_MS + CREATE_DATABASE_MS,
)

it(
  'refuses to start when its database cannot be reached, naming it',
  async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: { ...process.env, PORT: '0', PLATFORM_API_DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/docs' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = await once(child, 'exit')
    expect(code).toBe(1)
    expect(stderr).toContain('cannot connect to postgres://app@127.0.0.1:1/docs')
    expect(stderr).not.toContain('secret')
  },
  START_PROCESS_MS,
)

it(
  'refuses to start with a bad configuration and says why',
  async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = await once(child, 'exit')
    expect(code).toBe(1)
    expect(stderr).toContain('PORT must be a whole number')
  },
  START_PROCESS_MS,
)
