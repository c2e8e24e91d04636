/**
 * Writes a complete reference content folder (the layout of apps/docs/content/reference) whose
 * JavaScript v2 page has `sections` function sections shaped like real ones: a description,
 * parameters with nested properties, three examples with a response, and example data. The other
 * libraries get a few sections each, so the figures follow the size of one long page.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'

const CATEGORY_SIZE = 50

function functionSpec(index: number) {
  const name = `fetchRecords${index}`
  const table = `records_${index % 37}`
  const example = (id: string, title: string, chain: string) => ({
    id,
    name: title,
    code: [
      `const { data, error } = await supabase`,
      `  .from('${table}')`,
      `  .select('id, label, created_at')`,
      `  ${chain}`,
    ].join('\n'),
    response: JSON.stringify(
      { data: [{ id: 1, label: 'first', created_at: '2024-01-31T12:00:00Z' }], status: 200 },
      null,
      2,
    ),
  })
  return {
    id: `fn-${index}`,
    title: `${name}()`,
    description: `Reads rows of \`${table}\` that match the filters chained after the call, in pages of \`limit\` rows.`,
    params: [
      {
        name: 'columns',
        type: 'string',
        optional: true,
        default_value: "'*'",
        description: 'Columns to return, comma separated.',
      },
      {
        name: 'options',
        type: 'object',
        optional: true,
        properties: [
          {
            name: 'count',
            type: "'exact' | 'planned' | 'estimated'",
            optional: true,
            description: 'Also count the rows.',
          },
          { name: 'head', type: 'boolean', optional: true, description: 'Return the count only.' },
        ],
      },
      {
        name: 'limit',
        type: 'number',
        description: `Largest number of rows to return (record set ${index}).`,
      },
    ],
    notes: 'Rows hidden by row level security are left out, not reported as errors.',
    examples: [
      {
        ...example('basic', 'Fetch rows', ".order('id')"),
        data: {
          sql: `create table ${table} (id int8 primary key, label text, created_at timestamptz default now());`,
          tables: [
            {
              name: table,
              columns: ['id', 'label'],
              rows: [
                [1, 'first'],
                [2, 'second'],
              ],
            },
          ],
        },
      },
      example('filtered', 'Filter rows', ".eq('label', 'first')"),
      example('paged', 'Fetch one page', '.range(0, 9)'),
    ],
  }
}

export function writeSyntheticContent(root: string, sections: number): void {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const indexes = Array.from({ length: sections }, (_, i) => i + 1)
  write(
    'javascript/v2/spec.yaml',
    stringify({
      info: { id: 'synthetic-js', version: '2.0.0', title: 'Synthetic client', language: 'ts' },
      functions: indexes.map(functionSpec),
    }),
  )
  const categories = []
  for (let start = 0; start < sections; start += CATEGORY_SIZE) {
    categories.push({
      title: `Group ${start / CATEGORY_SIZE + 1}`,
      sections: indexes
        .slice(start, start + CATEGORY_SIZE)
        .map((i) => ({ id: `fn-${i}`, title: `fetchRecords${i}()`, kind: 'function' })),
    })
  }
  write('javascript/v2/sections.yaml', stringify({ categories }))

  // Small companions so every library page builds.
  write(
    'javascript/v1/spec.yaml',
    stringify({
      info: { id: 'synthetic-js-v1', version: '1.0.0', title: 'Synthetic client v1', language: 'js' },
      functions: [1, 2, 3].map(functionSpec),
    }),
  )
  write(
    'javascript/v1/sections.yaml',
    stringify({
      categories: [
        {
          title: 'Group 1',
          sections: [1, 2, 3].map((i) => ({ id: `fn-${i}`, title: `fetchRecords${i}()`, kind: 'function' })),
        },
      ],
    }),
  )
  write(
    'cli/spec.yaml',
    stringify({
      info: {
        id: 'cli',
        version: '1.0.0',
        title: 'CLI',
        language: 'sh',
        source: 'https://example.com',
        tags: [{ id: 'main', title: 'Main' }],
      },
      commands: [1, 2, 3].map((i) => ({
        id: `tool-command-${i}`,
        title: `tool command-${i}`,
        summary: `Runs step ${i}.`,
        usage: `tool command-${i} [flags]`,
        group: 'main',
        flags: [
          {
            id: 'force',
            name: '--force',
            type: 'bool',
            description: 'Do it anyway.',
            default_value: 'false',
          },
        ],
      })),
    }),
  )
  write(
    'cli/sections.yaml',
    stringify({ categories: [{ title: 'Commands', include: { kind: 'cli-command', tag: 'main' } }] }),
  )
  write(
    'api/openapi.json',
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Synthetic API', version: '1.0.0' },
      paths: Object.fromEntries(
        [1, 2, 3].map((i) => [
          `/v1/things/${i}`,
          {
            get: {
              operationId: `get-thing-${i}`,
              summary: `Get thing ${i}`,
              tags: ['Things'],
              responses: {
                '200': {
                  description: 'The thing.',
                  content: {
                    'application/json': {
                      schema: { type: 'object', properties: { id: { type: 'integer' } } },
                    },
                  },
                },
              },
            },
          },
        ]),
      ),
    }),
  )
  write(
    'api/sections.yaml',
    stringify({ categories: [{ title: 'Things', include: { kind: 'operation', tag: 'Things' } }] }),
  )
}
