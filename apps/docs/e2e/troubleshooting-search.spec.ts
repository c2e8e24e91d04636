/**
 * A reader pastes the error they just saw into the search: every troubleshooting article must
 * come up among the first three results for each error text it names in `errorMessages`, through
 * the same search code the dialog runs, over the built index. Then one paste through the dialog.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { parseFrontMatter } from '../features/guides'
import { loadPagefindFromExport } from '@docs/site-search/node'
import { searchSite, spellingIndex } from '@docs/site-search'
import { exportDirName } from '../lib/export-dir'

const exportDir = path.resolve(import.meta.dirname, '..', exportDirName())
const articlesDir = path.resolve(import.meta.dirname, '..', 'content', 'guides', 'troubleshooting')

const articles = readdirSync(articlesDir)
  .filter((name) => name.endsWith('.mdx') && name !== 'index.mdx')
  .map((name) => {
    const file = path.join(articlesDir, name)
    const { data } = parseFrontMatter(file, readFileSync(file, 'utf8'))
    return {
      href: `/guides/troubleshooting/${name.replace(/\.mdx$/, '')}`,
      messages: data.errorMessages ?? [],
    }
  })

test('each troubleshooting article is in the top 3 for every error text it answers', async () => {
  test.setTimeout(300_000)
  expect(articles.length).toBeGreaterThanOrEqual(20)
  const pagefind = await loadPagefindFromExport(exportDir)
  const spelling = spellingIndex(
    JSON.parse(readFileSync(path.join(exportDir, 'pagefind', 'vocabulary.json'), 'utf8')),
  )
  const misses: string[] = []
  let pasted = 0
  for (const article of articles) {
    expect(article.messages.length, `${article.href} names no error text`).toBeGreaterThan(0)
    for (const message of article.messages) {
      pasted += 1
      const top = (await searchSite(pagefind, message, { limit: 3, spelling })).hits.map(
        (hit) => hit.url.split('#')[0],
      )
      if (!top.includes(article.href))
        misses.push(`  "${message}": expected ${article.href}, got ${top.join(', ') || 'nothing'}`)
    }
  }
  console.log(
    `Troubleshooting search: ${pasted - misses.length}/${pasted} error texts find their article in the top 3.`,
  )
  expect(misses).toEqual([])
})

test('pasting an error into the search dialog offers its article', async ({ page }) => {
  const article = articles.find((candidate) => candidate.href.endsWith('/jwt-expired')) ?? articles[0]!
  const message = article.messages[0]!
  await page.goto('/guides/getting-started')
  await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
  await page.keyboard.press('/')
  const dialog = page.getByRole('dialog', { name: 'Search the docs' })
  await dialog.getByRole('combobox', { name: 'Search the docs' }).fill(message)
  await expect(dialog.locator(`[role="listbox"][data-query="${message}"]`)).toBeVisible({ timeout: 15_000 })
  const hrefs = await dialog
    .locator('[data-search-hit]')
    .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').split('#')[0]))
  expect(hrefs.slice(0, 3)).toContain(article.href)
})
