/** One Lighthouse audit (mobile preset, performance only) of a page served on this machine. */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs } from '../chromium'

/**
 * The same for Lighthouse, which starts Chromium itself. The resolver rule makes every host except
 * this machine unresolvable, so neither the page nor the browser can reach the network.
 */
export const chromeFlags = [
  '--headless=new',
  ...chromiumArgs,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
]

export interface RunFigures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  domElements: number
  /**
   * Lighthouse's own measure of the machine's CPU speed at the time of the run. The 4x CPU
   * slowdown is applied on top of it, so a busy or slow machine (an index well under 1,000)
   * inflates blocking time; printed so that figures from different runs can be compared fairly.
   */
  benchmarkIndex: number
  /**
   * The browser and Lighthouse versions of the run: scores are only comparable between runs of the
   * same browser on the same machine.
   */
  versions: string
  /** Requests Lighthouse saw that did not go to this machine: should stay empty. */
  outside: string[]
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const ms = (value: number) => `${Math.round(value)} ms`

/** The full version from DevTools: the user agent string gives only the major one. */
async function browserVersion(port: number): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    Browser?: string
  }
  return version.Browser?.replace(/^(Headless)?Chrome\//, 'Chromium ') ?? 'Chromium (version unknown)'
}

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
  const { audits, categories, runtimeError } = result.lhr
  if (runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`)
  const value = (id: string) => audits[id]?.numericValue ?? NaN
  const requests =
    (audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []
  return {
    score: (categories.performance?.score ?? NaN) * 100,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    domElements: value('dom-size'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    versions: `${await browserVersion(port)}, Lighthouse ${result.lhr.lighthouseVersion}`,
    outside: requests
      .map((request) => request.url)
      .filter(
        (address) =>
          /^https?:/.test(address) && !['127.0.0.1', 'localhost'].includes(new URL(address).hostname),
      ),
  }
}

/** On a busy machine Chromium can miss a DevTools deadline; such a run is repeated, not counted. */
export async function auditWithRetry(url: string, port: number, attempts = 3): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port)
    } catch (error) {
      if (attempt >= attempts) throw error
      process.stderr.write(`\n${(error as Error).message}; running it again\n`)
    }
  }
}

/** Debian's Chromium, started for Lighthouse with the flags above. */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags,
    logLevel: 'error',
  })
}
