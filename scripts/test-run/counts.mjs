// Test counts of the `npm test` steps, read from the runners' JSON reports. A step that failed
// never counts as passed: a missing or unreadable report, or a failing exit code with no failed
// test in the report, counts as one failure.
import { readFileSync } from 'node:fs'

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** @returns {Counts} */
export function noCounts() {
  return { passed: 0, failed: 0, skipped: 0 }
}

/** @param {Counts[]} list @returns {Counts} */
export function addCounts(...list) {
  return list.reduce(
    (sum, c) => ({
      passed: sum.passed + c.passed,
      failed: sum.failed + c.failed,
      skipped: sum.skipped + c.skipped,
    }),
    noCounts(),
  )
}

/** The summary line CI reads: `N passed, N failed`, plus `, N skipped` when some were. */
export function formatCounts(/** @type {Counts} */ counts) {
  const line = `${counts.passed} passed, ${counts.failed} failed`
  return counts.skipped > 0 ? `${line}, ${counts.skipped} skipped` : line
}

const count = (value) => (Number.isInteger(value) && value >= 0 ? value : undefined)

/**
 * Vitest's `json` reporter (Jest's format). A test file that failed without a failing test (it
 * did not load, or threw outside a test) counts as one failure.
 * @returns {Counts | undefined}
 */
export function countsFromVitest(report) {
  const passed = count(report?.numPassedTests)
  const failed = count(report?.numFailedTests)
  const pending = count(report?.numPendingTests)
  const todo = count(report?.numTodoTests) ?? 0
  if (passed === undefined || failed === undefined || pending === undefined) return undefined
  const brokenFiles = (Array.isArray(report.testResults) ? report.testResults : []).filter(
    (file) =>
      file?.status === 'failed' &&
      !(
        Array.isArray(file.assertionResults) &&
        file.assertionResults.some((test) => test?.status === 'failed')
      ),
  ).length
  return { passed, failed: failed + brokenFiles, skipped: pending + todo }
}

/**
 * Playwright's `json` reporter. A test that passed on its retry (flaky) passed; errors outside any
 * test (a web server that did not start, a broken config) count as failures.
 * @returns {Counts | undefined}
 */
export function countsFromPlaywright(report) {
  const stats = report?.stats
  const expected = count(stats?.expected)
  const unexpected = count(stats?.unexpected)
  const flaky = count(stats?.flaky)
  const skipped = count(stats?.skipped)
  if (expected === undefined || unexpected === undefined || flaky === undefined || skipped === undefined) {
    return undefined
  }
  const errors = Array.isArray(report.errors) ? report.errors.length : 0
  return { passed: expected + flaky, failed: unexpected + errors, skipped }
}

/**
 * The tests of a Playwright `json` report that failed first and passed on their retry, as
 * `file:line title`: the summary names them, so a test that only passes the second time is seen.
 * @returns {string[]}
 */
export function flakyTestsFromPlaywright(report) {
  const names = []
  const visit = (suite) => {
    for (const spec of suite?.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') names.push(`${spec.file}:${spec.line} ${spec.title}`)
      }
    }
    for (const child of suite?.suites ?? []) visit(child)
  }
  for (const suite of report?.suites ?? []) visit(suite)
  return names
}

/** `{ passed, failed, skipped }` as written by the code-sample check. @returns {Counts | undefined} */
export function countsFromSummary(report) {
  const passed = count(report?.passed)
  const failed = count(report?.failed)
  const skipped = count(report?.skipped)
  if (passed === undefined || failed === undefined || skipped === undefined) return undefined
  return { passed, failed, skipped }
}

/** Reads a JSON report; undefined when the file is missing or not JSON. */
export function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * The counts a command contributes, given what its report said and how it exited.
 * @param {Counts | undefined} reported
 * @param {number | null} exitCode null when the process was killed by a signal
 * @returns {Counts}
 */
export function settleCounts(reported, exitCode) {
  const counts = reported ?? noCounts()
  const failedOutright = exitCode !== 0 || reported === undefined
  if (failedOutright && counts.failed === 0) return { ...counts, failed: 1 }
  return counts
}

/** A step that reports no tests (type check, lint, build) is one check. */
export function countsForCheck(/** @type {number | null} */ exitCode) {
  return exitCode === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 }
}
