import type { ReactNode } from 'react'
import { CodeBlock } from '@/components/ui/CodeBlock'
import { SqlToRestTool } from './SqlToRestTool.lazy'
import { sampleSchemaSql } from './sample-schema'

function Accordion({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="accordion group rounded-lg border border-[var(--border)]">
      <summary className="cursor-pointer px-4 py-2 font-medium select-none">{title}</summary>
      <div className="border-t border-[var(--border)] px-4 py-2 text-[15px]">{children}</div>
    </details>
  )
}

/** The interactive translator plus the static context a reader needs to trust its output. */
export function SqlToRest() {
  return (
    <div className="my-6">
      <SqlToRestTool />
      <div className="mt-4 space-y-2">
        <Accordion title="Data source">
          <p>The examples run against these tables and this function:</p>
          <CodeBlock code={sampleSchemaSql} lang="sql" title="schema.sql" />
        </Accordion>
        <Accordion title="Response">
          <p>
            A read answers <code>200</code> with a JSON array of rows holding exactly the selected columns; embedded
            tables appear as nested objects (one related row) or arrays (many). <code>count(*)</code> without a
            grouping returns a single row with a <code>count</code> field.
          </p>
          <p>
            A write answers <code>201</code> (insert) or <code>204</code> (update, delete) with an empty body, unless
            the statement has <code>RETURNING</code>: then the request asks for <code>return=representation</code>{' '}
            and the answer holds the written rows.
          </p>
        </Accordion>
        <Accordion title="Notes">
          <ul>
            <li>Joins become embedded resources, which needs a foreign key between the two tables.</li>
            <li>
              Every request runs as the role of the key you send (the anon key here), so row-level security
              decides which rows you see or change.
            </li>
            <li>
              <code>LIMIT</code> and <code>OFFSET</code> become <code>limit</code> and <code>offset</code> parameters;
              supabase-js expresses them as <code>.range(from, to)</code>, both ends included.
            </li>
            <li>An update or delete without a <code>WHERE</code> clause is translated, with a warning: it changes every row your policies allow.</li>
            <li>Nothing is sent anywhere: the translation happens in your browser.</li>
          </ul>
        </Accordion>
      </div>
    </div>
  )
}
