// `npm test`: everything CI checks, in order, with the time each step took. The last line is
// always the total of every step, alone: `N passed, N failed` (and `, N skipped` when some were).
// `npm test -- unit lint` runs only those steps.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensureInstall } from './ensure-install.mjs'
import { ensurePostgresql } from './ensure-postgresql.mjs'
import { startThrowawayCluster } from './postgres/throwaway-cluster.mjs'
import {
  addCounts,
  countsForCheck,
  countsFromPlaywright,
  countsFromSummary,
  countsFromVitest,
  flakyTestsFromPlaywright,
  formatCounts,
  noCounts,
  readReport,
  settleCounts,
} from './test-run/counts.mjs'
import { freePorts, isPortFree } from './test-run/free-port.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const docsDir = path.join(root, 'apps', 'docs')
// The test build has its own folder and ports, so a site served by `npm start` is left alone.
const TEST_EXPORT_DIR = 'out-test'
const BUILD_SETTINGS_FILE = path.join(docsDir, TEST_EXPORT_DIR, '.test-build.json')
process.env.NEXT_TELEMETRY_DISABLED = '1'
process.env.CI ??= '1'

/** @typedef {import('./test-run/counts.mjs').Counts} Counts */
/** @typedef {{ counts: Counts, details?: string[] }} StepResult */

const steps = [
  {
    key: 'type',
    name: 'type check',
    run: () => check('npm', ['run', 'typecheck', '--workspaces', '--if-present']),
  },
  { key: 'lint', name: 'lint', run: () => check('npx', ['eslint', '.', '--max-warnings=0']) },
  { key: 'unit', name: 'unit tests', run: unitTests },
  { key: 'samples', name: 'samples check', run: samplesCheck },
  { key: 'production', name: 'production build', run: productionBuild },
  { key: 'browser', name: 'browser tests', run: browserTests },
]

let resultsDir = ''
let current
const rows = []
let total = noCounts()

/** Runs a command with the terminal attached; resolves to its exit code (null if killed). */
function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`)
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    current.once('error', (error) => {
      console.error(`${command}: ${error.message}`)
      resolve(1)
    })
    current.once('exit', (code) => resolve(code))
  })
}

async function check(command, args, env) {
  return { counts: countsForCheck(await run(command, args, env)) }
}

/** Workspaces with a `test` script, in the order of the root package.json. */
function testWorkspaces() {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const folders = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .sort()
  })
  return folders.filter((folder) => {
    const manifest = path.join(root, folder, 'package.json')
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test
  })
}

let postgres

/**
 * Test files run at once in each workspace: one per core. Vitest's default leaves a core out
 * (cores - 1), which on a two-core machine ran every file one after the other. `TEST_WORKERS`
 * overrides it.
 */
function testWorkers() {
  const requested = Number(process.env.TEST_WORKERS)
  return Number.isInteger(requested) && requested > 0 ? requested : os.availableParallelism()
}

/**
 * Vitest in every workspace (and for these scripts), each with a JSON report next to its output.
 * The platform API's store runs its tests on PGlite and on a throwaway PostgreSQL server.
 */
async function unitTests() {
  const results = []
  let env = {}
  try {
    postgres = await startThrowawayCluster()
    env = { PLATFORM_API_TEST_DATABASE_URL: postgres.url }
    console.log(`Throwaway PostgreSQL server for the store's tests: ${postgres.url}`)
  } catch (error) {
    console.error(error.message)
    results.push({ label: 'PostgreSQL server', counts: countsForCheck(1) })
  }
  const targets = [
    ...testWorkspaces().map((folder) => ({
      label: folder,
      command: ['npm', ['run', 'test', '-w', folder, '--']],
    })),
    { label: 'scripts', command: ['npx', ['vitest', 'run', '--root', 'scripts']] },
  ]
  for (const { label, command } of targets) {
    const report = path.join(resultsDir, `vitest-${label.replaceAll('/', '-')}.json`)
    const [program, args] = command
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
    const code = await run(program, [...args, ...reporters, `--maxWorkers=${testWorkers()}`], env)
    const counts = settleCounts(countsFromVitest(readReport(report)), code)
    results.push({ label, counts })
  }
  await postgres?.stop()
  postgres = undefined
  return {
    counts: addCounts(...results.map((r) => r.counts)),
    details: results.map((r) => `  ${r.label.padEnd(26)} ${formatCounts(r.counts)}`),
  }
}

async function samplesCheck() {
  const report = path.join(resultsDir, 'samples.json')
  const code = await run('npm', ['run', 'check:samples', '-w', 'apps/docs', '--', `--counts-file=${report}`])
  return { counts: settleCounts(countsFromSummary(readReport(report)), code) }
}

/** Ports of the site and the platform API under test; the site is built to call them. */
let ports

/** Build-time settings that point the site at the test servers. */
function buildEnv() {
  return {
    DOCS_EXPORT_DIR: TEST_EXPORT_DIR,
    NEXT_PUBLIC_SITE_URL: `http://localhost:${ports.site}`,
    NEXT_PUBLIC_PLATFORM_API_URL: `http://localhost:${ports.api}`,
    NEXT_PUBLIC_FEEDBACK_URL: `http://localhost:${ports.api}/feedback`,
  }
}

async function productionBuild() {
  const result = await check('npm', ['run', 'build', '--workspaces', '--if-present'], buildEnv())
  if (result.counts.failed === 0) writeFileSync(BUILD_SETTINGS_FILE, JSON.stringify(ports))
  return result
}

async function browserTests() {
  const report = path.join(resultsDir, 'playwright.json')
  const code = await run('npm', ['run', 'test:e2e', '-w', 'apps/docs'], {
    ...buildEnv(),
    DOCS_PORT: String(ports.site),
    PLATFORM_API_PORT: String(ports.api),
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    // A test that fails once on a busy machine runs again; the summary names it (flaky).
    PLAYWRIGHT_RETRIES: '1',
  })
  const results = readReport(report)
  const flaky = flakyTestsFromPlaywright(results)
  return {
    counts: settleCounts(countsFromPlaywright(results), code),
    details: flaky.map((name) => `  passed on its retry (flaky): ${name}`),
  }
}

/** The ports of an earlier test build, when both are still free to use. */
async function reusableBuildPorts() {
  const built = readReport(BUILD_SETTINGS_FILE)
  if (!Number.isInteger(built?.site) || !Number.isInteger(built?.api)) return undefined
  return (await isPortFree(built.site)) && (await isPortFree(built.api)) ? built : undefined
}

async function choosePorts(selected) {
  const fromEnv = { site: Number(process.env.DOCS_PORT), api: Number(process.env.PLATFORM_API_PORT) }
  if (
    Number.isInteger(fromEnv.site) &&
    Number.isInteger(fromEnv.api) &&
    fromEnv.site > 0 &&
    fromEnv.api > 0
  ) {
    return fromEnv
  }
  // Browser tests alone reuse the last test build when its ports are still free.
  if (!selected.has('production')) {
    const reusable = await reusableBuildPorts()
    if (reusable) return reusable
  }
  const [site, api] = await freePorts(2)
  return { site, api }
}

function record(name, seconds, result) {
  total = addCounts(total, result.counts)
  const status = result.counts.failed === 0 ? 'ok' : 'FAILED'
  rows.push(
    `${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s  ${status.padEnd(6)}  ${formatCounts(result.counts)}`,
  )
  rows.push(...(result.details ?? []))
}

async function cleanUp() {
  await postgres?.stop()
  if (resultsDir) rmSync(resultsDir, { recursive: true, force: true })
}

/** Prints the timing table and, last and alone, the counts line; exits non-zero on any failure. */
async function finish(started) {
  await cleanUp()
  const failed = total.failed > 0
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  console.log(`\n${failed ? 'Some checks failed' : 'All checks passed'} in ${seconds} s:\n${rows.join('\n')}`)
  console.log(formatCounts(total))
  process.exit(failed ? 1 : 0)
}

async function main() {
  const started = Date.now()
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((key) => !steps.some((step) => step.key === key))
  if (unknown.length > 0) {
    console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.key).join(', ')}.`)
    record('arguments', 0, { counts: countsForCheck(1) })
    await finish(started)
  }
  const selected = new Set(wanted.length > 0 ? wanted : steps.map((step) => step.key))
  // Browser tests need a build made for their ports: build first when there is none to reuse.
  if (selected.has('browser')) {
    ports = await choosePorts(selected)
    const built = readReport(BUILD_SETTINGS_FILE)
    if (!selected.has('production') && (built?.site !== ports.site || built?.api !== ports.api)) {
      console.log(`No test build for ports ${ports.site}/${ports.api}: building the site first.`)
      selected.add('production')
    }
  } else if (selected.has('production')) {
    ports = await choosePorts(selected)
  }

  const t0 = Date.now()
  try {
    ensureInstall()
    if (selected.has('browser')) ensureChromium()
    if (selected.has('unit')) ensurePostgresql()
  } catch (error) {
    console.error(`Setup failed: ${error.message}`)
    record('setup', (Date.now() - t0) / 1000, { counts: countsForCheck(1) })
    await finish(started)
  }
  resultsDir = mkdtempSync(path.join(os.tmpdir(), 'docs-test-results-'))

  let buildFailed = false
  for (const step of steps) {
    if (!selected.has(step.key)) continue
    if (step.key === 'browser' && buildFailed) {
      rows.push(`${step.name.padEnd(18)} ${'-'.padStart(7)}    not run: the production build failed`)
      continue
    }
    console.log(`\n▶ ${step.name}`)
    const stepStarted = Date.now()
    const result = await step.run()
    if (step.key === 'production' && result.counts.failed > 0) buildFailed = true
    record(step.name, (Date.now() - stepStarted) / 1000, result)
  }
  await finish(started)
}

// Stopped from outside: the running step stops as on Ctrl-C (Playwright then stops the servers it
// started; a terminal's Ctrl-C already reached it), and the run still ends with the counts line.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    const step = current
    if (step && step.exitCode === null && step.signalCode === null) {
      if (signal === 'SIGTERM') step.kill('SIGINT')
      await Promise.race([once(step, 'exit'), new Promise((resolve) => setTimeout(resolve, 15_000).unref())])
    }
    await cleanUp()
    console.log(`\nStopped by ${signal}.`)
    console.log(formatCounts(addCounts(total, { passed: 0, failed: 1, skipped: 0 })))
    process.exit(130)
  })
}

await main()
