/**
 * `npm run site-build -w bench [-- --cold | --fresh] [-- --workers N]`: builds the docs site as `npm run
 * build -w apps/docs` does (its three steps, timed apart) into apps/docs/out-bench, and prints the
 * build time, the pages Next generated, the seconds per 1,000 pages, the time of each step and of
 * Next's compile and page generation, the CPU time of all of it (which other work on the machine
 * changes far less than the wall time) and the peak memory of the whole process tree.
 *
 * `--cold` first deletes Next's build cache (apps/docs/.next); without it the build reuses what the
 * last build left. `--fresh` also deletes the PGlite data folders the first step makes, so the
 * build starts as in a new clone (`CI=1` in front builds as CI does: Turbopack writes no cache). `--workers N` sets DOCS_BUILD_WORKERS (page generation
 * workers; every core by default). Builds on one machine share apps/docs/.next, so the build holds
 * the build lock (/tmp/docs-build.lock, or BUILD_LOCK) and the clock starts once it has it. The
 * machine's load average is printed with the figures: compare only runs made one after the other.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { treeRss } from '../process-memory'

const docsDir = path.resolve(import.meta.dirname, '..', '..', 'apps', 'docs')
const EXPORT_DIR = 'out-bench'
const SAMPLE_MS = 200
const LOCK = process.env.BUILD_LOCK ?? '/tmp/docs-build.lock'

const { values: options } = parseArgs({
  options: {
    cold: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    workers: { type: 'string' },
  },
})

/** The site's build script, split into its steps (`tsx scripts/prebuild.ts && next build && ...`). */
function buildSteps(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(docsDir, 'package.json'), 'utf8')) as {
    scripts: { build: string }
  }
  return scripts.build.split('&&').map((step) => step.trim())
}

interface StepRun {
  command: string
  seconds: number
  output: string
}

/**
 * Runs the steps one after another under the lock, in one shell, which prints a marker line when
 * each ends, so only the time with the lock held is counted and each step's output is its own.
 */
function runBuild(
  steps: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; steps: StepRun[]; peakBytes: number; cpuSeconds?: number }> {
  const marker = '__SITE_BUILD_STEP_DONE__'
  const cpuMarker = '__SITE_BUILD_CPU__'
  // `times` prints the shell's CPU time, then its children's: every step with its workers.
  const script = [
    `echo ${marker}`,
    ...steps.map((step) => `${step} || exit $?; echo ${marker}`),
    `echo ${cpuMarker}; times`,
  ].join('\n')
  const useLock = spawnSync('sh', ['-c', 'command -v flock'], { stdio: 'ignore' }).status === 0
  const [command, args] = useLock ? ['flock', [LOCK, 'sh', '-c', script]] : ['sh', ['-c', script]]
  return new Promise((resolve) => {
    const child = spawn(command, args as string[], { cwd: docsDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
    /** When the lock was taken, then when each step ended. */
    const marks: number[] = []
    const outputs: string[] = []
    let cpuLines: string[] | undefined
    let peak = 0
    const timer = setInterval(() => {
      if (marks.length > 0 && child.pid !== undefined) peak = Math.max(peak, treeRss(child.pid))
    }, SAMPLE_MS)
    const lines = (stream: NodeJS.ReadableStream) => {
      let pending = ''
      stream.on('data', (chunk: Buffer) => {
        const parts = (pending + chunk.toString()).split('\n')
        pending = parts.pop() ?? ''
        for (const line of parts) {
          if (line === marker) {
            marks.push(performance.now())
            continue
          }
          if (line === cpuMarker) {
            cpuLines = []
            continue
          }
          if (cpuLines) {
            cpuLines.push(line)
            continue
          }
          console.log(line)
          outputs[marks.length - 1] = `${outputs[marks.length - 1] ?? ''}${line}\n`
        }
      })
    }
    lines(child.stdout)
    lines(child.stderr)
    child.on('close', (code) => {
      clearInterval(timer)
      const runs = marks.slice(1).map((end, index) => ({
        command: steps[index]!,
        seconds: (end - marks[index]!) / 1000,
        output: outputs[index] ?? '',
      }))
      resolve({
        ok: code === 0 && runs.length === steps.length,
        steps: runs,
        peakBytes: peak,
        cpuSeconds: cpuSecondsOf(cpuLines?.[1]),
      })
    })
  })
}

/** User plus system seconds from a line of `times` (`1m2.50s 0m10.20s`). */
function cpuSecondsOf(line: string | undefined): number | undefined {
  const parts = [...(line ?? '').matchAll(/(\d+)m([\d.]+)s/g)]
  if (parts.length !== 2) return undefined
  return parts.reduce((sum, part) => sum + Number(part[1]) * 60 + Number(part[2]), 0)
}

/** Seconds from Next's `in 12.3s`, `in 850ms` or `in 1.2min`. */
function secondsOf(value: string, unit: string): number {
  const number = Number(value)
  return unit === 'min' ? number * 60 : unit === 'ms' ? number / 1000 : number
}

function countHtmlFiles(dir: string): number {
  if (!existsSync(dir)) return 0
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (count, entry) =>
      count +
      (entry.isDirectory()
        ? countHtmlFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.html')
          ? 1
          : 0),
    0,
  )
}

const exportDir = path.join(docsDir, EXPORT_DIR)
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DOCS_EXPORT_DIR: EXPORT_DIR,
  NEXT_TELEMETRY_DISABLED: '1',
  ...(options.workers ? { DOCS_BUILD_WORKERS: options.workers } : {}),
}
const steps = buildSteps()
/** The PGlite data folders (and their keys) that the site's prebuild step writes. */
function dataDirFiles(): string[] {
  return readdirSync(path.join(docsDir, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.pgdata\.tar\.gz(\.key)?$/.test(file))
    .map((file) => path.join(docsDir, 'features', file))
}

if (options.cold || options.fresh) {
  // Deleted under the lock by the build's first step, so no other build loses its files midway.
  const deleted = [path.join(docsDir, '.next'), ...(options.fresh ? dataDirFiles() : [])]
  steps.unshift(`rm -rf ${deleted.map((file) => JSON.stringify(file)).join(' ')}`)
}
const loadBefore = loadavg()[0]!
const result = await runBuild(steps, env)
const loadAfter = loadavg()[0]!
const buildRuns = result.steps.filter((step) => !step.command.startsWith('rm -rf'))
const total = buildRuns.reduce((sum, step) => sum + step.seconds, 0)
const nextOutput = buildRuns.find((step) => /\bnext build\b/.test(step.command))?.output ?? ''
const generation = /Generating static pages using (\d+) workers? \((\d+)\/(\d+)\) in ([\d.]+)(s|ms|min)/.exec(
  nextOutput,
)
const pages = generation ? Number(generation[3]) : countHtmlFiles(exportDir)
const htmlFiles = countHtmlFiles(exportDir)
rmSync(exportDir, { recursive: true, force: true })

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
console.log('\nSite build (npm run build -w apps/docs, into apps/docs/out-bench, build lock held)')
if (!result.ok) {
  console.log('  the build failed: see its output above')
  process.exitCode = 1
} else {
  console.log(`  build time            ${total.toFixed(1)} s`)
  console.log(`  pages generated       ${pages} (${htmlFiles} HTML files in the export)`)
  console.log(`  per 1,000 pages       ${((total / pages) * 1000).toFixed(1)} s`)
  for (const step of buildRuns) console.log(`    ${step.seconds.toFixed(1).padStart(6)} s  ${step.command}`)
  const compiled = /Compiled successfully in ([\d.]+)(s|ms|min)/.exec(nextOutput)
  if (compiled) console.log(`  Next: compile         ${secondsOf(compiled[1]!, compiled[2]!).toFixed(1)} s`)
  if (generation) {
    const workers = `${generation[1]} worker${generation[1] === '1' ? '' : 's'}`
    console.log(
      `  Next: static pages    ${secondsOf(generation[4]!, generation[5]!).toFixed(1)} s with ${workers}`,
    )
  }
  if (result.cpuSeconds !== undefined) {
    console.log(`  CPU time (all steps)  ${result.cpuSeconds.toFixed(1)} s user + system, with every worker`)
  }
  console.log(`  peak memory (tree)    ${mb(result.peakBytes)}`)
}
const cache = options.fresh
  ? 'fresh (apps/docs/.next and the PGlite data folders deleted first, as in a new clone)'
  : options.cold
    ? 'cold (apps/docs/.next deleted first)'
    : 'as the last build left it'
console.log(
  `  cache                 ${cache}${process.env.CI ? '; CI set, so Turbopack writes no cache' : ''}`,
)
console.log(
  `  machine               ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
)
