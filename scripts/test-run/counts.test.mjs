import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  addCounts,
  countsForCheck,
  countsFromPlaywright,
  countsFromSummary,
  countsFromVitest,
  flakyTestsFromPlaywright,
  formatCounts,
  readReport,
  settleCounts,
} from './counts.mjs'

const vitestReport = (files, totals) => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  ...totals,
  testResults: files,
})

describe('the summary line', () => {
  it('reads "N passed, N failed" and names skipped tests only when there are some', () => {
    expect(formatCounts({ passed: 1200, failed: 0, skipped: 0 })).toBe('1200 passed, 0 failed')
    expect(formatCounts({ passed: 3, failed: 2, skipped: 4 })).toBe('3 passed, 2 failed, 4 skipped')
    expect(formatCounts({ passed: 3, failed: 2, skipped: 4 })).toMatch(
      /^\d+ passed, \d+ failed(, \d+ skipped)?$/,
    )
  })

  it('adds the counts of every step', () => {
    expect(
      addCounts(
        { passed: 1, failed: 0, skipped: 0 },
        { passed: 10, failed: 2, skipped: 3 },
        countsForCheck(1),
      ),
    ).toEqual({ passed: 11, failed: 3, skipped: 3 })
  })
})

describe('vitest reports', () => {
  it('counts passed, failed, skipped and todo tests', () => {
    const report = vitestReport(
      [{ status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }],
      { numPassedTests: 5, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1 },
    )
    expect(countsFromVitest(report)).toEqual({ passed: 5, failed: 1, skipped: 3 })
  })

  it('counts a test file that failed to load as a failure, though it ran no test', () => {
    const report = vitestReport(
      [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', message: 'Cannot find module', assertionResults: [] },
      ],
      { numPassedTests: 1 },
    )
    expect(countsFromVitest(report)).toEqual({ passed: 1, failed: 1, skipped: 0 })
  })

  it('refuses a report without its totals', () => {
    expect(countsFromVitest({})).toBeUndefined()
    expect(countsFromVitest({ numPassedTests: '3', numFailedTests: 0, numPendingTests: 0 })).toBeUndefined()
  })
})

describe('playwright reports', () => {
  it('names the tests that passed only on their retry, in nested suites too', () => {
    const spec = (title, line, status) => ({ title, file: 'a.spec.ts', line, tests: [{ status }] })
    const report = {
      suites: [
        {
          specs: [spec('steady', 3, 'expected'), spec('wobbly', 9, 'flaky')],
          suites: [{ specs: [spec('broken', 20, 'unexpected'), spec('inner wobbly', 30, 'flaky')] }],
        },
      ],
    }
    expect(flakyTestsFromPlaywright(report)).toEqual(['a.spec.ts:9 wobbly', 'a.spec.ts:30 inner wobbly'])
    expect(flakyTestsFromPlaywright({})).toEqual([])
  })

  it('counts a test that passed on its retry as passed', () => {
    const report = { stats: { expected: 40, unexpected: 1, flaky: 2, skipped: 3 }, errors: [] }
    expect(countsFromPlaywright(report)).toEqual({ passed: 42, failed: 1, skipped: 3 })
  })

  it('counts errors outside tests (a web server that did not start) as failures', () => {
    const report = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'timed out' }],
    }
    expect(countsFromPlaywright(report)).toEqual({ passed: 0, failed: 1, skipped: 0 })
  })
})

describe('a step that failed never counts as passed', () => {
  it('a crash with no report is one failure', () => {
    expect(settleCounts(undefined, 1)).toEqual({ passed: 0, failed: 1, skipped: 0 })
    expect(settleCounts(undefined, null)).toEqual({ passed: 0, failed: 1, skipped: 0 })
  })

  it('a clean exit with no report is one failure too', () => {
    expect(settleCounts(undefined, 0)).toEqual({ passed: 0, failed: 1, skipped: 0 })
  })

  it('a failing exit code whose report shows no failure adds one', () => {
    expect(settleCounts({ passed: 12, failed: 0, skipped: 1 }, 1)).toEqual({
      passed: 12,
      failed: 1,
      skipped: 1,
    })
  })

  it('a failing exit code with failed tests keeps the report as it is', () => {
    expect(settleCounts({ passed: 12, failed: 2, skipped: 0 }, 1)).toEqual({
      passed: 12,
      failed: 2,
      skipped: 0,
    })
    expect(settleCounts({ passed: 12, failed: 0, skipped: 0 }, 0)).toEqual({
      passed: 12,
      failed: 0,
      skipped: 0,
    })
  })

  it('a check step passes only with exit code 0', () => {
    expect(countsForCheck(0)).toEqual({ passed: 1, failed: 0, skipped: 0 })
    expect(countsForCheck(2)).toEqual({ passed: 0, failed: 1, skipped: 0 })
    expect(countsForCheck(null)).toEqual({ passed: 0, failed: 1, skipped: 0 })
  })
})

describe('report files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'counts-test-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a missing or truncated report reads as no report', () => {
    const truncated = path.join(dir, 'truncated.json')
    writeFileSync(truncated, '{"numPassedTests": 3, "numFa')
    expect(readReport(path.join(dir, 'missing.json'))).toBeUndefined()
    expect(readReport(truncated)).toBeUndefined()
    expect(settleCounts(countsFromVitest(readReport(truncated)), 1)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
    })
  })

  it('reads the code-sample summary', () => {
    const file = path.join(dir, 'samples.json')
    writeFileSync(file, JSON.stringify({ passed: 500, failed: 0, skipped: 20 }))
    expect(countsFromSummary(readReport(file))).toEqual({ passed: 500, failed: 0, skipped: 20 })
    expect(countsFromSummary({ passed: 1 })).toBeUndefined()
  })
})
