import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { REFERENCE_LIBRARIES, getLibrary } from './libraries'
import { loadReference, loadReferenceFrom } from './load-reference'
import { ReferenceSpecError } from './spec-problems'

describe('the shipped reference content', () => {
  it.each(REFERENCE_LIBRARIES.map((library) => [library.key]))('%s loads', async (key) => {
    const reference = await loadReference(key)
    expect(reference.sections.length).toBeGreaterThan(0)
    // Every slug is unique and resolves to its section.
    for (const section of reference.sections) {
      expect(reference.tree.bySlug.get(section.slug)?.id).toBe(section.id)
    }
  })
})

describe('loadReferenceFrom', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'reference-content-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  function writeLibrary(specText: string, sectionsText: string) {
    const dir = path.join(root, 'javascript', 'v2')
    mkdirSync(path.join(dir, 'markdown'), { recursive: true })
    writeFileSync(path.join(dir, 'spec.yaml'), specText)
    writeFileSync(path.join(dir, 'sections.yaml'), sectionsText)
  }

  const spec = `info: { id: js, version: 2.0.0, title: JS, language: ts }
functions:
  - id: select
    title: select()
`

  it('links CLI subcommands to their sections and nests child sections', async () => {
    const dir = path.join(root, 'cli')
    mkdirSync(path.join(dir, 'markdown'), { recursive: true })
    writeFileSync(path.join(dir, 'markdown', 'introduction.mdx'), 'Hello.\n')
    writeFileSync(
      path.join(dir, 'spec.yaml'),
      `info: { id: cli, version: 1.0.0, title: CLI, language: sh, source: x, tags: [{ id: db, title: DB }] }
commands:
  - { id: db, title: supabase db, summary: Database., usage: supabase db, group: db, subcommands: [db-push, db-dump] }
  - { id: db-push, title: supabase db push, summary: Push., usage: supabase db push, group: db }
  - { id: db-dump, title: supabase db dump, summary: Dump., usage: supabase db dump }
`,
    )
    writeFileSync(
      path.join(dir, 'sections.yaml'),
      `categories:
  - title: Start
    sections:
      - id: introduction
        title: Introduction
        kind: markdown
        items: [{ id: db-push, title: Push, kind: cli-command }]
  - title: Database
    include: { kind: cli-command, tag: db }
`,
    )
    const cli = await loadReferenceFrom(getLibrary('cli'), root)
    expect(cli.sections.map((s) => [s.slug, s.depth])).toEqual([
      ['introduction', 0],
      ['db-push', 1],
      ['db', 0],
    ])
    const db = cli.sections.find((section) => section.id === 'db')
    expect(db?.content.kind === 'cli-command' && db.content.subcommands).toEqual([
      { id: 'db-push', title: 'supabase db push', summary: 'Push.', slug: 'db-push' },
      { id: 'db-dump', title: 'supabase db dump', summary: 'Dump.', slug: undefined },
    ])
    const intro = cli.sections[0]
    expect(intro?.content.kind === 'markdown' && intro.content.source).toBe('Hello.\n')
  })

  it('fails naming sections.yaml and the section whose function is missing', async () => {
    writeLibrary(
      spec,
      `categories:
  - title: Database
    sections:
      - { id: select, title: select(), kind: function }
      - { id: insert, title: insert(), kind: function }
`,
    )
    const failure = await loadReferenceFrom(getLibrary('javascript-v2'), root).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ReferenceSpecError)
    expect((failure as Error).message).toContain(
      `javascript/v2/sections.yaml:5:11: categories[0].sections[1].id: section "insert": the client library spec`,
    )
  })

  it('fails naming spec.yaml when the spec itself is broken', async () => {
    writeLibrary(
      spec.replace('title: select()', 'title: 42\n    params: nope'),
      `categories:\n  - title: A\n    sections: [{ id: select, title: s, kind: function }]\n`,
    )
    const failure = await loadReferenceFrom(getLibrary('javascript-v2'), root).catch(
      (error: unknown) => error,
    )
    expect((failure as Error).message).toMatch(
      /javascript\/v2\/spec\.yaml:4:5: functions\[0\]\.title: expected string, received number/,
    )
    expect((failure as Error).message).toMatch(/functions\[0\]\.params: expected array/)
  })
})
