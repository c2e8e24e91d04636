import type { ReactNode } from 'react'
import { CodeBlock } from '@/components/ui/CodeBlock'
import { sampleSchemaSql, sampleTables } from '@docs/sql-to-rest/sample'
import { defaultToolOutput } from './default-output.server'
import { POSTGREST_VERSION } from './postgrest-version'
import { Island } from '@/components/ui/Island'
import { SqlToRestTool } from './SqlToRestTool.client'

function Accordion({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="accordion group rounded-lg border border-[var(--border)]">
      <summary className="cursor-pointer px-4 py-2 font-medium select-none">{title}</summary>
      <div className="border-t border-[var(--border)] px-4 py-2 text-[15px]">{children}</div>
    </details>
  )
}

/** The interactive translator plus the static context a reader needs to trust its output. */
export async function SqlToRest() {
  return (
    <div className="my-6">
      <Island
        name="SqlToRestTool"
        component={SqlToRestTool}
        props={{ firstOutput: await defaultToolOutput() }}
      />
      <div className="mt-4 space-y-2">
        <Accordion title="Data source">
          <p>
            The examples run against these tables and this function. <strong>Run</strong> executes your SQL on
            this data in your browser, and answers the generated request as PostgREST {POSTGREST_VERSION}{' '}
            would, on the same data; writes are rolled back, so it never changes.
          </p>
          <CodeBlock code={sampleSchemaSql} lang="sql" title="schema.sql" />
          {sampleTables.map((table) => (
            <div
              key={table.name}
              className="mt-3 max-h-72 overflow-auto rounded border border-[var(--border)]"
            >
              <table className="w-full text-left font-mono text-xs">
                <caption className="px-2 py-1 text-left font-sans text-sm font-medium">
                  {table.name} ({table.rows.length} rows)
                </caption>
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col" className="border-b border-[var(--border)] px-2 py-1">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={String(row[0])}>
                      {row.map((value, index) => (
                        <td key={table.columns[index]} className="px-2 py-0.5 whitespace-nowrap">
                          {value === null ? <span className="text-[var(--muted)]">null</span> : String(value)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </Accordion>
        <Accordion title="Notes">
          <ul>
            <li>Joins become embedded resources, which needs a foreign key between the two tables.</li>
            <li>
              Every request runs as the role of the key you send (the anon key here), so row-level security
              decides which rows you see or change.
            </li>
            <li>
              <code>LIMIT</code> and <code>OFFSET</code> become <code>limit</code> and <code>offset</code>{' '}
              parameters; supabase-js expresses them as <code>.range(from, to)</code>, both ends included.
            </li>
            <li>
              An update or delete without a <code>WHERE</code> clause is translated, with a warning: it
              changes every row your policies allow.
            </li>
            <li>
              The tool assumes <code>db-aggregates-enabled</code> is on, so <code>count()</code>,{' '}
              <code>sum()</code> and the other aggregates run. PostgREST leaves it off by default: untick{' '}
              <strong>Aggregates enabled</strong> and Run answers an aggregate with PostgREST&apos;s{' '}
              <code>PGRST123</code> error, as a server left at the default does.
            </li>
            <li>Nothing is sent anywhere: the translation happens in your browser.</li>
          </ul>
        </Accordion>
      </div>
    </div>
  )
}
