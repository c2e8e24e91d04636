/**
 * `npm run reference-scale -w bench [-- 100 1000 5000]`: builds the docs site with synthetic
 * reference specs of each size and prints build time, peak memory and output size, so growth with
 * the number of sections is visible. The reference loader reads the synthetic folder through
 * REFERENCE_CONTENT_DIR; the real content is never touched. The build holds the site lock and
 * leaves a synthetic export in apps/docs/out: rebuild the site before using it again.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { treeRss } from '../process-memory'
import { writeSyntheticContent } from './synthetic-content'

const docsDir = path.resolve(import.meta.dirname, '..', '..', 'apps', 'docs')
const outDir = path.join(docsDir, 'out')
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
const SIZES = sizes.length > 0 ? sizes : [100, 1000, 5000]
const SAMPLE_MS = 200

function dirStats(dir: string): { bytes: number; files: number } {
  let bytes = 0
  let files = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      const inner = dirStats(full)
      bytes += inner.bytes
      files += inner.files
    } else {
      bytes += statSync(full).size
      files++
    }
  }
  return { bytes, files }
}

interface Run {
  sections: number
  ok: boolean
  seconds: number
  peakBytes: number
  referenceBytes: number
  referenceFiles: number
  longPageBytes: number
  error?: string
}

function build(
  contentDir: string,
): Promise<{ ok: boolean; seconds: number; peakBytes: number; log: string }> {
  return new Promise((resolve) => {
    // The lock wait is not part of the build: the clock starts once the lock is held.
    const child = spawn('flock', ['/tmp/site.lock', 'sh', '-c', 'echo LOCKED >&2; exec npx next build'], {
      cwd: docsDir,
      env: { ...process.env, REFERENCE_CONTENT_DIR: contentDir, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    let started = 0
    let peak = 0
    const timer = setInterval(() => {
      if (started > 0 && child.pid !== undefined) peak = Math.max(peak, treeRss(child.pid))
    }, SAMPLE_MS)
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      if (started === 0 && text.includes('LOCKED')) started = performance.now()
      log += text
    })
    child.on('close', (code) => {
      clearInterval(timer)
      const seconds = started > 0 ? (performance.now() - started) / 1000 : 0
      resolve({ ok: code === 0, seconds, peakBytes: peak, log })
    })
  })
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const runs: Run[] = []
for (const sections of SIZES) {
  const contentDir = mkdtempSync(path.join(tmpdir(), `reference-scale-${sections}-`))
  try {
    writeSyntheticContent(contentDir, sections)
    console.log(`building with ${sections} sections ...`)
    const result = await build(contentDir)
    const run: Run = {
      sections,
      ok: result.ok,
      seconds: result.seconds,
      peakBytes: result.peakBytes,
      referenceBytes: 0,
      referenceFiles: 0,
      longPageBytes: 0,
    }
    if (result.ok) {
      const reference = dirStats(path.join(outDir, 'reference'))
      run.referenceBytes = reference.bytes
      run.referenceFiles = reference.files
      run.longPageBytes = statSync(path.join(outDir, 'reference', 'javascript.html')).size
    } else {
      run.error = result.log
        .split('\n')
        .filter((line) => /error|Error/.test(line))
        .slice(0, 5)
        .join('\n')
    }
    runs.push(run)
  } finally {
    rmSync(contentDir, { recursive: true, force: true })
  }
}

console.log('\nReference scale (synthetic JavaScript v2 spec; whole site build, site lock held)')
console.log(
  'sections | build time | peak memory | /reference output | files | long page HTML | HTML per section',
)
for (const run of runs) {
  if (!run.ok) {
    console.log(`${String(run.sections).padStart(8)} | build failed: ${run.error ?? 'see next build output'}`)
    process.exitCode = 1
    continue
  }
  console.log(
    [
      String(run.sections).padStart(8),
      `${run.seconds.toFixed(1)} s`.padStart(10),
      mb(run.peakBytes).padStart(11),
      mb(run.referenceBytes).padStart(17),
      String(run.referenceFiles).padStart(5),
      mb(run.longPageBytes).padStart(14),
      `${(run.longPageBytes / run.sections / 1024).toFixed(1)} KB`.padStart(16),
    ].join(' | '),
  )
}
const [first, ...rest] = runs.filter((run) => run.ok)
if (first) {
  for (const run of rest) {
    const factor = run.sections / first.sections
    console.log(
      `${first.sections} -> ${run.sections} sections (x${factor}): time x${(run.seconds / first.seconds).toFixed(1)}, ` +
        `output x${(run.referenceBytes / first.referenceBytes).toFixed(1)}, memory x${(run.peakBytes / first.peakBytes).toFixed(1)}`,
    )
  }
}
console.log('\napps/docs/out now holds a synthetic export: run the site build again before serving it.')
