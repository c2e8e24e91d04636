import type { Page } from '@playwright/test'

/**
 * For specs that press Run: the first Run downloads and starts PGlite (megabytes of WebAssembly),
 * which takes tens of seconds on a busy two-core machine; later runs answer quickly.
 */
export const RUN_SPEC_TIMEOUT_MS = 150_000
export const FIRST_RUN_MS = 90_000

/** Every request the page and its workers make, from the moment this is called. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = []
  page.context().on('request', (request) => urls.push(request.url()))
  return urls
}
