// A throwaway PostgreSQL server for tests: a new cluster in a temporary folder, on a free port,
// with trust authentication on 127.0.0.1 only, removed when stopped (or when this process exits).
// PostgreSQL refuses to run as root, so under root the server runs as the `postgres` system user
// (made by Debian's package), or `nobody` when there is no such user.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../test-run/free-port.mjs'

/** The folder of `initdb` and `pg_ctl`: Debian's newest /usr/lib/postgresql/<major>/bin, or the PATH's. */
export function findPostgresBinaries() {
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    for (const major of majors) {
      const bin = path.join(debian, major, 'bin')
      if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  return undefined
}

function systemUser() {
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
      return { name, uid, gid }
    } catch {
      // No such user: try the next.
    }
  }
  throw new Error('running as root, and neither a "postgres" nor a "nobody" user exists to run PostgreSQL')
}

/** Runs a PostgreSQL program, as `user` when given (runuser, else su). */
function runProgram(binDir, program, args, user) {
  const file = path.join(binDir, program)
  const options = { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', cwd: os.tmpdir() }
  if (!user) return execFileSync(file, args, options)
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => existsSync(candidate))
  if (runuser) return execFileSync(runuser, ['-u', user.name, '--', file, ...args], options)
  const quoted = [file, ...args].map((part) => `'${String(part).replaceAll("'", "'\\''")}'`).join(' ')
  return execFileSync('su', ['-s', '/bin/sh', user.name, '-c', quoted], options)
}

function describeFailure(error, logFile) {
  const stderr = error?.stderr ? String(error.stderr).trim() : ''
  const log =
    logFile && existsSync(logFile)
      ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n')
      : ''
  return [error?.message, stderr, log].filter(Boolean).join('\n')
}

/**
 * Starts the server and resolves to `{ url, stop }`; `url` reaches the `postgres` database as the
 * `postgres` superuser, so tests may create databases of their own.
 */
export async function startThrowawayCluster({ binDir = findPostgresBinaries() } = {}) {
  if (!binDir)
    throw new Error('PostgreSQL is not installed (no initdb found): install the "postgresql" package')
  const root = mkdtempSync(path.join(os.tmpdir(), 'throwaway-postgres-'))
  const dataDir = path.join(root, 'data')
  const logFile = path.join(root, 'server.log')
  const user = process.getuid?.() === 0 ? systemUser() : undefined
  if (user) chownSync(root, user.uid, user.gid)

  let running = false
  const stop = () => {
    process.removeListener('exit', stop)
    if (running) {
      try {
        runProgram(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], user)
      } catch {
        // Already stopped.
      }
      running = false
    }
    rmSync(root, { recursive: true, force: true })
  }
  process.once('exit', stop)

  try {
    runProgram(
      binDir,
      'initdb',
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      user,
    )
    // A port picked now may be taken before the server binds it: try another once.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort()
      const settings = [
        `-p ${port}`,
        `-k ${root}`,
        '-c listen_addresses=127.0.0.1',
        // A test cluster loses nothing worth keeping in a crash: skip the disk flushes.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ')
      try {
        runProgram(
          binDir,
          'pg_ctl',
          ['-D', dataDir, '-l', logFile, '-w', '-t', '120', '-o', settings, 'start'],
          user,
        )
        running = true
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: async () => stop() }
      } catch (error) {
        if (attempt >= 2) throw error
      }
    }
  } catch (error) {
    const message = `cannot start a throwaway PostgreSQL server with ${binDir}:\n${describeFailure(error, logFile)}`
    stop()
    throw new Error(message, { cause: error })
  }
}
