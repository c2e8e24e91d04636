import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/**
 * Time each scan adds to the test's own budget. axe checks every node (colour contrast most of all),
 * and a guide with long code samples takes tens of seconds on a busy two-core machine; the scan's
 * cost must not eat the time the test's other steps were given.
 */
export const A11Y_SCAN_BUDGET_MS = 45_000

/**
 * An axe scan of the page. Legacy mode runs axe in the page itself: the default runs it in parts
 * and finishes in a new blank tab, which on a busy machine costs three times the scan (the site
 * has no frames, the only reason for the parts).
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode()
}

export interface A11yScanOptions {
  /** CSS selectors left out of the scan. Page-level rules (title, landmarks, skip link) still run. */
  exclude?: string[]
}

/** Fails on serious or critical axe-core violations, listing them by rule and target. */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yScanOptions = {}) {
  const info = test.info()
  info.setTimeout(info.timeout + A11Y_SCAN_BUDGET_MS)
  // Only violations come back in full: passing nodes (thousands on a long page) are not sent over.
  let builder = axeScan(page).options({ resultTypes: ['violations'] })
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const results = await builder.analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, 'serious or critical accessibility violations').toEqual([])
}

/**
 * Scan options for a long reference page (every section of a library on one page): the header, the
 * menu, the intro and one section are scanned; the other sections repeat the same components,
 * which the crawler pages of single sections check in full.
 */
export function onlyReferenceSection(sectionId: string): A11yScanOptions {
  return { exclude: [`[data-ref-section]:not([id="${sectionId}"])`] }
}
