'use client'

import { memo } from 'react'
import type { BothSides, RowComparison, RowEntries } from '@docs/sql-to-rest'
import type { RunState } from './use-translator.client'

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  206: 'Partial Content',
}

function rowsAsJson(rows: RowEntries[]): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(row)),
    null,
    2,
  )
}

function prettyBody(body: string): string {
  if (body === '') return '(empty body)'
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

function verdictText(result: BothSides): { tone: 'same' | 'differs' | 'info'; text: string } {
  if (result.sql && !result.sql.ok)
    return { tone: 'differs', text: `The SQL fails on the sample data: ${result.sql.message}` }
  if (!result.rest.ok)
    return { tone: 'differs', text: `The request fails on the sample data: ${result.rest.message}` }
  if (result.countMatches !== undefined) {
    return result.countMatches
      ? {
          tone: 'same',
          text: 'Same count: the request answers with it in the Content-Range header, without a body.',
        }
      : { tone: 'differs', text: 'The counts differ.' }
  }
  const comparison: RowComparison | undefined = result.comparison
  if (!comparison)
    return { tone: 'info', text: `The request returns ${plural(result.rest.rows.length, 'row')}.` }
  const counts = `SQL: ${plural(comparison.sqlCount, 'row')}, REST: ${plural(comparison.restCount, 'row')}`
  if (comparison.verdict === 'same') return { tone: 'same', text: `Same rows. ${counts}.` }
  if (comparison.verdict === 'nested') {
    return {
      tone: 'same',
      text: `Same rows, nested: the embedded rows come back as arrays in each parent row. ${counts} once unnested.`,
    }
  }
  return {
    tone: 'differs',
    text:
      `The rows differ. ${counts}.` +
      (comparison.onlyInSql.length ? ` Only in SQL: ${JSON.stringify(comparison.onlyInSql[0])}.` : '') +
      (comparison.onlyInRest.length ? ` Only in REST: ${JSON.stringify(comparison.onlyInRest[0])}.` : ''),
  }
}

/**
 * What PostgREST would answer on the sample data, beside the SQL's own rows. Memoised: its JSON is
 * formatted again only when a new run answers, not on every keystroke.
 */
export const RunResponse = memo(function RunResponse({ run }: { run: RunState }) {
  if (run.status === 'idle') return null
  if (run.status === 'running') {
    return (
      <p role="status" className="text-sm text-[var(--muted)]">
        Loading the sample database and running both sides…
      </p>
    )
  }
  if (run.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        The sample database could not run this: {run.message}
      </p>
    )
  }
  const result = run.result
  const verdict = verdictText(result)
  const rest = result.rest
  return (
    <section aria-label="Response" data-testid="run-response" className="space-y-3 text-sm">
      <h3 className="text-base font-semibold">Response</h3>
      <p
        data-testid="run-verdict"
        data-verdict={verdict.tone}
        className={
          verdict.tone === 'differs'
            ? 'rounded border border-red-500/60 bg-red-500/10 p-2 text-red-800 dark:text-red-200'
            : 'rounded border border-emerald-600/50 bg-emerald-500/10 p-2 text-emerald-900 dark:text-emerald-200'
        }
      >
        {verdict.text}
      </p>
      {rest.ok ? (
        <div className="grid gap-3 lg:grid-cols-2">
          <div>
            <p className="mb-1 font-medium">REST response</p>
            <pre
              data-testid="run-rest"
              tabIndex={0}
              aria-label="REST response"
              className="max-h-80 overflow-auto rounded-lg border border-[var(--border)] bg-[var(--code-bg)] p-3 font-mono text-xs"
            >
              {`HTTP/1.1 ${rest.status} ${STATUS_TEXT[rest.status] ?? ''}\n`}
              {rest.headers.map((header) => `${header.name}: ${header.value}\n`).join('')}
              {`\n${prettyBody(rest.body)}`}
            </pre>
          </div>
          {result.sql?.ok ? (
            <div>
              <p className="mb-1 font-medium">SQL result</p>
              <pre
                data-testid="run-sql"
                tabIndex={0}
                aria-label="SQL result"
                className="max-h-80 overflow-auto rounded-lg border border-[var(--border)] bg-[var(--code-bg)] p-3 font-mono text-xs"
              >
                {rowsAsJson(result.sql.rows)}
              </pre>
            </div>
          ) : null}
        </div>
      ) : null}
      {rest.ok && rest.tableAfter !== undefined ? (
        <p className="text-[var(--muted)]">
          The write ran in a transaction that was rolled back: the sample data is unchanged.
        </p>
      ) : null}
      {result.compiledSql ? (
        <details>
          <summary className="cursor-pointer font-medium">The SQL PostgREST runs for this request</summary>
          <pre className="mt-1 overflow-x-auto rounded-lg border border-[var(--border)] bg-[var(--code-bg)] p-3 font-mono text-xs whitespace-pre-wrap">
            {result.compiledSql}
          </pre>
        </details>
      ) : null}
    </section>
  )
})
