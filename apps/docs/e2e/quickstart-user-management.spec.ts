import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'

const GUIDE = '/guides/getting-started/quickstarts/user-management'
const example = path.resolve(import.meta.dirname, '..', '..', '..', 'examples', 'user-management')
const migrationFile = readdirSync(path.join(example, 'supabase', 'migrations')).find((name) =>
  name.endsWith('.sql'),
)

test('shows the example app’s migration and source files unchanged, the project widgets and both ways to run the migration', async ({
  page,
}) => {
  expect(migrationFile, 'the example has a migration').toBeDefined()
  const sql = readFileSync(path.join(example, 'supabase', 'migrations', migrationFile ?? ''), 'utf8')
  await page.goto(GUIDE)
  const block = page.locator('figure.code-block', { hasText: `supabase/migrations/${migrationFile}` })
  await expect(block).toHaveCount(1)
  const shown = await block.locator('.code-body').innerText()
  expect(shown.trim()).toBe(sql.trim())

  for (const file of ['src/Auth.tsx', 'src/Account.tsx', 'src/Avatar.tsx', 'src/App.tsx']) {
    const source = readFileSync(path.join(example, file), 'utf8')
    const fileBlock = page.locator('figure.code-block', { hasText: file }).first()
    expect((await fileBlock.locator('.code-body').innerText()).trim(), file).toBe(source.trim())
  }

  await expect(page.getByRole('group', { name: 'Your Project URL' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Your Anon key' })).toBeVisible()
  await page.getByRole('tab', { name: 'CLI' }).click()
  await expect(page).toHaveURL(/[?&]migration=cli/)
  await expect(page.getByText('npx supabase@1.187 db push')).toBeVisible()
})

test('the quickstart has no serious accessibility violations', async ({ page }) => {
  // Seventeen highlighted files: thousands of tokens whose contrast axe computes one by one.
  test.slow()
  await page.goto(`${GUIDE}?migration=cli`)
  await expect(page.getByRole('tab', { name: 'CLI' })).toHaveAttribute('aria-selected', 'true')
  await expectNoSeriousA11yViolations(page)
})
