/**
 * The reference's Run on the platform in the page, in Chromium: the first Run of an auth example
 * and of a storage example (a fresh browser context each time, so it includes starting the worker,
 * downloading and starting PGlite and making the example's project), then later Runs on the same
 * page, and the tab's memory before the platform starts and with it running (the memory of the
 * page's renderer process, where its workers live: its private footprint, as Chromium counts a
 * tab, and its resident size, which adds the browser code and fonts every process shares). Each is measured with the machine idle
 * and again with both cores kept busy by two spinning processes. Times are taken inside the page,
 * from the press to the button leaving its busy state; the loading words the panel showed are
 * counted too. The site is served as `npm start` serves it, its large files compressed before the
 * first request. Run the site build first (DOCS_EXPORT_DIR picks another export). Figures are
 * printed, never asserted.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { compressionWarmed, defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'
import { chromiumArgs } from '../chromium'
import { median } from '../stats'
import { pressRun, type Press } from '../press-run'
import { privateFootprint, treeRss } from '../process-memory'

const PORT = Number(process.env.BENCH_PORT ?? 3214)
const FIRST_RUNS = Number(process.env.BENCH_RUNS ?? 3)
const LATER_RUNS = Number(process.env.BENCH_LATER ?? 6)

/** One auth and one storage example: the section's slug and the example's key. */
const EXAMPLES = [
  { label: 'auth (sign up)', slug: 'auth-sign-up', key: 'auth-sign-up/email' },
  { label: 'storage (upload)', slug: 'storage-from-upload', key: 'storage-from-upload/text' },
]

async function openSection(page: Page, slug: string, key: string) {
  await page.goto(`http://127.0.0.1:${PORT}/reference/javascript/${slug}`)
  await page.locator('[data-ref-page][data-ref-ready]').waitFor()
  // The example may sit in a tab that is not shown: show it, so that its Run button exists.
  const button = page.locator(`figure[data-ref-run="${key}"] [data-ref-run-button]`)
  if ((await button.count()) === 0) {
    for (const tab of await page.locator(`[id="${slug}"] [role="tab"]`).all()) {
      await tab.click()
      if ((await button.count()) > 0) break
    }
  }
  await button.waitFor({ state: 'attached' })
}

interface TabMemory {
  /** Private footprint (anonymous resident pages and swap), as Chromium reports a tab: the goal's measure. */
  footprintMb: number
  /** Resident size: the footprint plus shared, file-backed pages (the browser's code, fonts). */
  residentMb: number
}

/**
 * The memory of the tab under test: that of the largest of the browser's renderer processes
 * (descendants of its process whose command line says `--type=renderer`). A dedicated worker
 * lives in its page's renderer, so PGlite and the engines count here. The other renderers (a
 * spare one Chromium keeps ready, the pages of closed contexts) are not the tab's.
 */
function tabMemory(browserPid: number): TabMemory {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // The process ended while being read.
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at))
      if (at === browserPid) return true
    return false
  }
  let largest = { footprint: 0, resident: 0 }
  for (const pid of parents.keys()) {
    try {
      if (!descends(pid) || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer'))
        continue
      const resident = treeRss(pid)
      if (resident > largest.resident) largest = { footprint: privateFootprint(pid), resident }
    } catch {
      // The process ended while being read.
    }
  }
  const mb = (bytes: number) => bytes / 1024 / 1024
  return { footprintMb: mb(largest.footprint), residentMb: mb(largest.resident) }
}

/** Two processes that keep both cores busy until stopped. */
function busyCores(): ChildProcess[] {
  return [0, 1].map(() => fork('-e', ['for (;;) {}'], { execArgv: [], stdio: 'ignore' }))
}

interface Figures {
  first: number[]
  later: number[]
  verdicts: Map<string, number>
  progressShown: number
  memory?: TabMemory
  /** The same, with the section open but nothing run: what the page costs without the platform. */
  pageOnly?: TabMemory
}

async function measure(
  browser: Browser,
  example: (typeof EXAMPLES)[number],
  browserPid: number,
): Promise<Figures> {
  const figures: Figures = { first: [], later: [], verdicts: new Map(), progressShown: 0 }
  const note = (press: Press) =>
    figures.verdicts.set(press.verdict, (figures.verdicts.get(press.verdict) ?? 0) + 1)
  for (let round = 0; round < FIRST_RUNS; round += 1) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openSection(page, example.slug, example.key)
    if (round === FIRST_RUNS - 1) figures.pageOnly = tabMemory(browserPid)
    const first = await pressRun(page, example.key)
    figures.first.push(first.ms)
    if (first.showedProgress) figures.progressShown += 1
    note(first)
    if (round === FIRST_RUNS - 1) {
      for (let again = 0; again < LATER_RUNS; again += 1) {
        const later = await pressRun(page, example.key)
        figures.later.push(later.ms)
        note(later)
      }
      figures.memory = tabMemory(browserPid)
    }
    await context.close()
  }
  return figures
}

function report(label: string, figures: Figures) {
  const both = (memory: TabMemory | undefined) =>
    memory === undefined
      ? 'not measured'
      : `${Math.round(memory.footprintMb)} MB (resident ${Math.round(memory.residentMb)} MB)`
  const memory =
    figures.memory === undefined
      ? 'not measured'
      : `${both(figures.memory)}, ${both(figures.pageOnly)} before the first Run`
  console.log(
    `${label}: first Run median ${Math.round(median(figures.first))} ms, max ${Math.round(Math.max(...figures.first))} ms` +
      ` (${figures.first.length} fresh loads, progress shown in ${figures.progressShown});` +
      ` later Runs median ${Math.round(median(figures.later))} ms, max ${Math.round(Math.max(...figures.later))} ms` +
      ` (${figures.later.length}); the tab's memory after the runs ${memory};` +
      ` verdicts: ${[...figures.verdicts].map(([verdict, count]) => `${verdict} ${count}`).join(', ')}`,
  )
}

async function main() {
  if (!existsSync(path.join(defaultRoot, 'reference', 'javascript.html'))) {
    console.error(`No built JavaScript reference in ${defaultRoot}: run the site build first.`)
    process.exit(1)
  }
  // As `npm start` serves: the large files compressed before the first reader asks for them.
  const server = await startStaticServer({ port: PORT, rewrite: await loadRewrite(), warmCompression: true })
  await compressionWarmed(server)
  try {
    for (const mode of ['idle', 'both cores busy'] as const) {
      const spinners = mode === 'idle' ? [] : busyCores()
      // A browser server, so that its process (and its renderers' memory) can be found.
      const browserServer = await chromium.launchServer({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: chromiumArgs,
      })
      const browser = await chromium.connect(browserServer.wsEndpoint())
      try {
        const [load1] = os.loadavg()
        console.log(
          `\nPlatform Run, ${mode} (${path.basename(defaultRoot)}, load average ${load1!.toFixed(2)} on ${os.cpus().length} cores)`,
        )
        for (const example of EXAMPLES) {
          report(example.label, await measure(browser, example, browserServer.process().pid!))
        }
      } finally {
        await browser.close()
        await browserServer.close()
        for (const spinner of spinners) spinner.kill()
      }
    }
  } finally {
    server.close()
  }
  console.log(
    "\nBudget: first Run at most 3 s idle with progress shown; later Runs under 300 ms; the tab's memory" +
      " (private footprint, as Chromium's task manager shows it) under 300 MB. The resident size also" +
      " counts the browser's shared code and fonts, about 100 MB in any renderer.",
  )
}

await main()
