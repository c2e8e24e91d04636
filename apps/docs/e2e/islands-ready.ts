import type { Page } from '@playwright/test'

/**
 * Waits until every control of the page has started: each hydrates by itself, as an island, and
 * the islands' script marks the page once all have rendered (features/hydration-islands). A test
 * that types or clicks at once would otherwise act on server HTML with no handler yet.
 */
export async function islandsReady(page: Page): Promise<void> {
  await page.locator('html[data-islands-ready]').waitFor({ state: 'attached', timeout: 20_000 })
}
