import { describe, expect, it } from 'vitest'
import { parseReferenceSectionTree } from './load-spec'
import { slugifyOperationId, type SectionSources } from './section-tree'
import { formatProblem, type SpecResult } from './spec-problems'

const FILE = 'content/reference/cli/sections.yaml'

const cliSources: SectionSources = {
  specName: 'the CLI spec',
  kinds: ['cli-command'],
  commands: [
    { id: 'supabase-init', title: 'supabase init', group: 'local-dev', tags: [] },
    { id: 'supabase-start', title: 'supabase start', group: 'local-dev', tags: [] },
    { id: 'supabase-projects', title: 'supabase projects', group: 'management-api', tags: [] },
    { id: 'supabase-db-push', title: 'supabase db push', group: 'local-dev', tags: ['database'] },
  ],
  markdownFile: (relative) => ({
    path: `/content/cli/${relative}`,
    exists: relative === 'markdown/introduction.mdx' || relative === 'guides/auth.mdx',
  }),
  reservedSlugs: ['crawlers'],
}

function ok<T>(result: SpecResult<T>): T {
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  return result.value
}

function problems<T>(result: SpecResult<T>): string[] {
  if (result.ok) throw new Error('expected problems')
  return result.problems.map(formatProblem)
}

describe('buildSectionTree', () => {
  it('applies slug and target defaults and lists sections in page order', () => {
    const tree = ok(
      parseReferenceSectionTree(
        `categories:
  - title: Getting started
    sections:
      - { id: introduction, title: Introduction, kind: markdown }
      - { id: auth, slug: authentication, title: Auth, kind: markdown, file: guides/auth.mdx }
  - title: Local development
    sections:
      - id: supabase-init
        title: supabase init
        kind: cli-command
        items:
          - { id: start, title: supabase start, kind: cli-command, command_id: supabase-start }
`,
        FILE,
        cliSources,
      ),
    )
    expect(tree.sections.map((s) => [s.slug, s.target, s.depth])).toEqual([
      ['introduction', '/content/cli/markdown/introduction.mdx', 0],
      ['authentication', '/content/cli/guides/auth.mdx', 0],
      ['supabase-init', 'supabase-init', 0],
      ['start', 'supabase-start', 1],
    ])
    expect(tree.bySlug.get('authentication')?.id).toBe('auth')
    expect(tree.bySlug.get('auth')).toBeUndefined()
    expect(tree.categories[1]?.sections[0]?.children.map((child) => child.id)).toEqual(['start'])
    expect(tree.sections[3]?.category).toBe('Local development')
  })

  it('expands include entries in spec order, skipping commands placed by hand', () => {
    const tree = ok(
      parseReferenceSectionTree(
        `categories:
  - title: Start here
    sections:
      - { id: supabase-start, title: Start the stack, kind: cli-command }
  - title: Local development
    include: { kind: cli-command, tag: local-dev }
  - title: Management API
    include: { kind: cli-command, tag: management-api }
`,
        FILE,
        cliSources,
      ),
    )
    expect(tree.categories.map((c) => c.sections.map((s) => s.id))).toEqual([
      ['supabase-start'],
      ['supabase-init', 'supabase-db-push'],
      ['supabase-projects'],
    ])
    expect(tree.bySlug.get('supabase-projects')?.title).toBe('supabase projects')
  })

  it('reports a command included by two categories', () => {
    const result = parseReferenceSectionTree(
      `categories:
  - title: Local development
    include: { kind: cli-command, tag: local-dev }
  - title: Database
    include: { kind: cli-command, tag: database }
`,
      FILE,
      cliSources,
    )
    expect(problems(result)).toEqual([
      `${FILE}:5:5: categories[1].include: section "supabase-db-push": slug "supabase-db-push" is used twice`,
      `${FILE}:5:5: categories[1].include: section id "supabase-db-push" is used twice`,
    ])
  })

  it('reports references the spec does not have, naming section and field', () => {
    const result = parseReferenceSectionTree(
      `categories:
  - title: Commands
    sections:
      - { id: supabase-link, title: supabase link, kind: cli-command }
      - { id: push, title: Push, kind: cli-command, command_id: supabase-push }
      - { id: setup, title: Setup, kind: markdown }
      - { id: select, title: select(), kind: function }
  - title: Other
    include: { kind: cli-command, tag: nothing-here }
`,
      FILE,
      cliSources,
    )
    expect(problems(result)).toEqual([
      `${FILE}:4:11: categories[0].sections[0].id: section "supabase-link": the CLI spec has no command "supabase-link"`,
      `${FILE}:5:53: categories[0].sections[1].command_id: section "push": the CLI spec has no command "supabase-push"`,
      `${FILE}:6:11: categories[0].sections[2].id: section "setup": markdown file markdown/setup.mdx not found`,
      `${FILE}:7:40: categories[0].sections[3].kind: section "select": the CLI spec has no function sections`,
      `${FILE}:9:35: categories[1].include.tag: no cli-command of the CLI spec is tagged "nothing-here"`,
    ])
  })

  it('rejects slugs reserved by other routes of the page', () => {
    const result = parseReferenceSectionTree(
      `categories:
  - title: A
    sections:
      - { id: introduction, slug: v1, title: Intro, kind: markdown }
`,
      FILE,
      { ...cliSources, reservedSlugs: ['crawlers', 'v1'] },
    )
    expect(problems(result)).toEqual([
      `${FILE}:4:9: categories[0].sections[0]: section "introduction": slug "v1" is reserved on this page`,
    ])
  })

  it('resolves function and operation sections', () => {
    const tree = ok(
      parseReferenceSectionTree(
        `categories:
  - title: Database
    sections:
      - { id: select, title: Fetch data, kind: function }
      - { id: list-projects, title: List projects, kind: operation, operation_id: v1ListAllProjects }
  - title: Projects
    include: { kind: operation, tag: Projects }
`,
        'content/reference/api/sections.yaml',
        {
          specName: 'the test spec',
          kinds: ['function', 'operation'],
          functions: new Map([['select', { title: 'select()' }]]),
          operations: [
            { operationId: 'v1ListAllProjects', summary: 'List all projects', tags: ['Projects'] },
            { operationId: 'v1_create_a_project', summary: ' Create a project ', tags: ['Projects'] },
            { operationId: 'getHealth', tags: ['Projects'] },
          ],
          markdownFile: (relative) => ({ path: relative, exists: false }),
          reservedSlugs: ['crawlers'],
        },
      ),
    )
    expect(tree.sections.map((s) => [s.slug, s.title, s.kind, s.target])).toEqual([
      ['select', 'Fetch data', 'function', 'select'],
      ['list-projects', 'List projects', 'operation', 'v1ListAllProjects'],
      ['v1-create-a-project', 'Create a project', 'operation', 'v1_create_a_project'],
      ['get-health', 'getHealth', 'operation', 'getHealth'],
    ])
  })
})

describe('slugifyOperationId', () => {
  it('turns camelCase and snake_case ids into kebab-case slugs', () => {
    expect(slugifyOperationId('v1ListAllProjects')).toBe('v1-list-all-projects')
    expect(slugifyOperationId('v1_get_project_api_keys')).toBe('v1-get-project-api-keys')
    expect(slugifyOperationId('already-kebab')).toBe('already-kebab')
    expect(slugifyOperationId('getHTTPStatus')).toBe('get-httpstatus')
  })
})
