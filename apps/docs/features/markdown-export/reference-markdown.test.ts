import { describe, expect, it } from 'vitest'
import {
  buildSectionModels,
  firstSentence,
  getLibrary,
  type OperationModel,
  type ReferenceSection,
  type SectionModel,
} from '@/features/reference'
import { referenceSectionToMarkdown } from './reference-markdown'

function model(section: ReferenceSection): SectionModel {
  const [built] = buildSectionModels([section])
  if (!built) throw new Error('no model')
  return built
}

const siteUrl = 'https://docs.example.com'
const base = { id: 'x', slug: 'x', title: 'x', target: 'x', category: 'Database', depth: 0, children: [] }

describe('referenceSectionToMarkdown', () => {
  it('prints a function with nested parameters, notes and examples with their data', () => {
    const section: ReferenceSection = {
      ...base,
      slug: 'select',
      title: 'Fetch data: select()',
      kind: 'function',
      content: {
        kind: 'function',
        language: 'ts',
        fn: {
          id: 'select',
          title: 'select()',
          description: 'Reads rows. See [filters](/reference/javascript/using-filters).',
          params: [
            {
              name: 'columns',
              type: 'string',
              optional: true,
              default_value: "'*'",
              description: 'Columns to\nreturn.',
            },
            {
              name: 'options',
              type: 'object',
              optional: true,
              properties: [{ name: 'count', type: "'exact' | 'planned'", optional: true }],
            },
          ],
          notes: 'At most 1,000 rows.',
          examples: [
            {
              id: 'all',
              name: 'Every row',
              code: "const { data } = await supabase.from('planets').select()",
              data: {
                tables: [
                  {
                    name: 'planets',
                    columns: ['id', 'name'],
                    rows: [
                      [1, 'Mercury | Venus'],
                      [2, null],
                    ],
                  },
                ],
              },
              response: '{ "data": [] }',
            },
          ],
        },
      },
    }
    expect(referenceSectionToMarkdown(model(section), getLibrary('javascript-v2'), { siteUrl })).toBe(
      [
        '# Fetch data: select()',
        '',
        'Reads rows. See [filters](https://docs.example.com/reference/javascript/using-filters).',
        '',
        '## Parameters',
        '',
        "- `columns` (`string`, optional, default `'*'`): Columns to return.",
        '- `options` (`object`, optional)',
        "  - `count` (`'exact' | 'planned'`, optional)",
        '',
        '## Examples',
        '',
        '### Every row',
        '',
        '```ts',
        "const { data } = await supabase.from('planets').select()",
        '```',
        '',
        'Data source:',
        '',
        'Table `planets`:',
        '',
        '| id | name |',
        '| --- | --- |',
        '| 1 | Mercury \\| Venus |',
        '| 2 | null |',
        '',
        'Response:',
        '',
        '```json',
        '{ "data": [] }',
        '```',
        '',
        '## Notes',
        '',
        'At most 1,000 rows.',
        '',
      ].join('\n'),
    )
  })

  it('prints a CLI command with usage, linked subcommands and a flags table', () => {
    const section: ReferenceSection = {
      ...base,
      slug: 'supabase-db',
      title: 'supabase db',
      kind: 'cli-command',
      content: {
        kind: 'cli-command',
        language: 'sh',
        subcommands: [
          {
            id: 'supabase-db-diff',
            title: 'supabase db diff',
            summary: 'Show changes.',
            slug: 'supabase-db-diff',
          },
          { id: 'supabase-db-hidden', title: 'supabase db hidden', summary: '' },
        ],
        command: {
          id: 'supabase-db',
          title: 'supabase db',
          summary: 'Work with the database.',
          experimental: true,
          tags: [],
          links: [],
          usage: 'supabase db [command]',
          subcommands: ['supabase-db-diff'],
          flags: [
            {
              id: 'schema',
              name: '--schema',
              shorthand: '-s',
              type: 'strings',
              description: 'Schemas to use.',
              default_value: '',
              accepted_values: [{ id: 'public', name: 'public', type: 'string' }],
            },
          ],
        },
      },
    }
    const markdown = referenceSectionToMarkdown(model(section), getLibrary('cli'), { siteUrl })
    expect(markdown).toContain('Experimental: run it with `--experimental`.')
    expect(markdown).toContain('## Usage\n\n```sh\nsupabase db [command]\n```')
    expect(markdown).toContain(
      '- [supabase db diff](https://docs.example.com/reference/cli/supabase-db-diff.md): Show changes.\n- `supabase db hidden`',
    )
    expect(markdown).toContain('| `--schema`, `-s` | strings | none | Schemas to use. One of: `public`. |')
  })

  it('prints an operation with parameters, body and responses', () => {
    const operation: OperationModel = {
      operationId: 'v1-create-a-branch',
      method: 'post',
      path: '/v1/projects/{ref}/branches',
      summary: 'Create a branch',
      tags: [],
      deprecated: false,
      parameters: [
        {
          name: 'ref',
          location: 'path',
          required: true,
          description: 'Project ref.',
          schema: { type: 'string', required: true, properties: [] },
        },
      ],
      requestBody: {
        required: true,
        content: [
          {
            contentType: 'application/json',
            schema: {
              type: 'object',
              required: true,
              properties: [
                { name: 'branch_name', type: 'string', required: true, enum: ['dev'], properties: [] },
              ],
            },
            example: '{ "branch_name": "dev" }',
          },
        ],
      },
      responses: [{ code: '201', description: 'Created.', content: [] }],
    }
    const section: ReferenceSection = {
      ...base,
      title: 'Create a branch',
      kind: 'operation',
      content: { kind: 'operation', operation },
    }
    const markdown = referenceSectionToMarkdown(model(section), getLibrary('api'), { siteUrl })
    expect(markdown.split('\n\n').slice(0, 2)).toEqual([
      '# Create a branch',
      '`POST /v1/projects/{ref}/branches`',
    ])
    expect(markdown).not.toContain('\n\nCreate a branch\n')
    expect(markdown).toContain('| `ref` (required) | path | `string` | Project ref. |')
    expect(markdown).toContain('## Request body (required)')
    expect(markdown).toContain('- `branch_name` (`string`, required) One of: `dev`.')
    expect(markdown).toContain('### 201\n\nCreated.')
  })
})

describe('summaries for the index', () => {
  it('takes the first sentence of one paragraph', () => {
    expect(firstSentence('Reads rows from a table.\nThen more. And more.')).toBe('Reads rows from a table.')
    expect(firstSentence('No full stop here\n\nSecond paragraph.')).toBe('No full stop here')
    expect(firstSentence('  ')).toBeUndefined()
  })

  it('gives markdown sections no summary', () => {
    const section: ReferenceSection = {
      ...base,
      kind: 'markdown',
      content: { kind: 'markdown', file: 'x.mdx', source: '# Hi' },
    }
    expect(model(section).summary).toBeUndefined()
  })
})
