/**
 * Facts the database guides take from the CLI 1.187.14 source (internal/inspect/*.sql and
 * internal/test/new/templates/pgtap.sql): the thresholds of the inspect queries, the page size
 * sizes are computed from, and the test file `supabase test new` writes. Each test fails when a
 * page states a different number or shows a different file.
 */
import { describe, expect, it } from 'vitest'
import { extractFromMdx } from '@/features/code-samples'
import { resolveFactElements } from '@/features/platform-facts'
import { listGuides } from './guides'

function page(href: string) {
  const guide = listGuides().find((candidate) => candidate.href === href)
  if (!guide) throw new Error(`no guide at ${href}`)
  // The body as the reader sees it: numbers from content/facts.yaml written out.
  return { body: resolveFactElements(guide.body), blocks: extractFromMdx(guide.file, guide.body) }
}

/** The text under one heading, up to the next heading of the same or a higher level. */
function section(body: string, heading: string): string {
  const match = new RegExp(`^(#{2,4}) ${heading}$`, 'm').exec(body)
  if (!match) throw new Error(`no section "${heading}"`)
  const rest = body.slice(match.index + match[0].length)
  const next = new RegExp(`^#{2,${match[1]!.length}} `, 'm').exec(rest)
  return next ? rest.slice(0, next.index) : rest
}

function block(blocks: ReturnType<typeof extractFromMdx>, title: string): string {
  const found = blocks.find((candidate) => candidate.title === title)
  if (!found) throw new Error(`no block titled ${title}`)
  return found.code
}

/** pgtap.sql of CLI 1.187.14, the only template of `supabase test new`. */
const PGTAP_TEMPLATE = `BEGIN;
SELECT plan(1);

-- Examples: https://pgtap.org/documentation.html

SELECT * FROM finish();
ROLLBACK;`

describe('indexes guide: supabase inspect db', () => {
  const { body, blocks } = page('/guides/database/indexes')

  it('states the unused-indexes rule: not unique, under 50 scans, table over 5 pages of 8192 bytes', () => {
    const text = section(body, 'Unused indexes')
    expect(text).toMatch(/\*\*not unique\*\*/)
    expect(text).toMatch(/\*\*fewer than 50 times\*\*/)
    expect(text).toMatch(/table larger than \*\*5 pages\*\* \(5 × 8192 bytes/)
    const sql = block(blocks, 'unused-indexes.sql')
    expect(sql).toContain('not i.indisunique')
    expect(sql).toContain('s.idx_scan < 50')
    // The CLI measures the table (relid), not the index.
    expect(sql).toContain('pg_relation_size(s.relid) > 5 * 8192')
  })

  it('states that long-running queries are those past 5 minutes that are not idle', () => {
    expect(section(body, 'Long-running queries')).toMatch(/not idle and started more than 5 minutes ago/)
    const sql = block(blocks, 'long-running-queries.sql')
    expect(sql).toContain(`state <> 'idle'`)
    expect(sql).toContain(`> interval '5 minutes'`)
  })

  it('computes index sizes from 8192-byte pages', () => {
    expect(section(body, 'Index sizes')).toMatch(/times 8192 bytes/)
    expect(block(blocks, 'index-sizes.sql')).toContain('c.relpages::bigint * 8192')
  })

  it('says the inspect commands default to the linked project', () => {
    expect(section(body, 'Inspect the database with the CLI')).toMatch(
      /By default\s+it inspects the linked project; add `--local`/,
    )
  })
})

describe('testing guide: supabase test', () => {
  const { body, blocks } = page('/guides/database/testing')

  it('shows the file supabase test new writes, as the CLI writes it', () => {
    expect(block(blocks, 'supabase/tests/orders_rls_test.sql (as created)')).toBe(PGTAP_TEMPLATE)
    expect(block(blocks, 'new-test.sh')).toContain(
      '# Created new pgtap test at supabase/tests/orders_rls_test.sql.',
    )
  })

  it('says test db runs locally by default and its three targets exclude each other', () => {
    const text = section(body, 'Run the tests')
    expect(text).toMatch(/By default it tests the local\s+database \(`--local`\)/)
    expect(text).toMatch(/Only one of the three may be given/)
  })

  it('plans exactly as many assertions as each test file makes', () => {
    const files = blocks.filter(
      (b) => b.title?.startsWith('supabase/tests/') && !b.title.endsWith('(as created)'),
    )
    expect(files.length).toBeGreaterThanOrEqual(4)
    for (const file of files) {
      const planned = Number(/select plan\((\d+)\);/.exec(file.code)?.[1])
      // Each assertion is a top-level `select <pgTAP function>(`, one per statement.
      const assertions = file.code.match(
        /^select (?:ok|is|isnt|results_eq|is_empty|lives_ok|throws_ok|has_table|has_index|has_trigger|col_is_pk|col_type_is|col_not_null|fk_ok|policies_are)\(/gm,
      )
      expect(assertions?.length, file.title).toBe(planned)
    }
  })
})
