'use client'

import { Fragment, memo } from 'react'
import type { BothSides, JsonValue, RowEntries } from '@docs/sql-to-rest'
import { POSTGREST_VERSION } from './postgrest-version'
import { splitAtUrlBreaks } from './url-breaks'
import type { RunState } from './use-translator.client'

/** `HTTP/1.1 400 Bad Request`: the status line, with the reason phrase the engine sent. */
export function statusLine({ status, statusText }: { status: number; statusText: string }): string {
  return `HTTP/1.1 ${status}${statusText ? ` ${statusText}` : ''}`
}

/** `content-range` -> `Content-Range`: a fetch `Headers` gives names in lower case. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())
}

/** The whole HTTP response as text: status line, headers, a blank line and the body. */
export function responseText(
  rest: { status: number; statusText: string; headers: [string, string][]; body: string },
): string {
  const headers = rest.headers.map(([name, value]) => `${headerName(name)}: ${value}\n`).join('')
  return `${statusLine(rest)}\n${headers}\n${prettyBody(rest.body)}`
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

/** A message as a sentence: PostgreSQL's and PostgREST's messages end without a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

function valuesOf(row: RowEntries | undefined): JsonValue[] {
  return row?.map(([, value]) => value) ?? []
}

/**
 * `same`: the rows agree; `mismatch`: they do not (other rows, or the same rows in another order);
 * `refused`: PostgREST answers the request with an error; `failed`: a side could not run at all;
 * `info`: the request ran and there is no SQL to compare with.
 */
export type VerdictTone = 'same' | 'mismatch' | 'refused' | 'failed' | 'info'

export function verdictOf(result: BothSides): { tone: VerdictTone; text: string } {
  const rest = result.rest
  const sqlFails = result.sql && !result.sql.ok ? ` The SQL fails too: ${sentence(result.sql.message)}` : ''
  if (rest.ok && rest.error) {
    const { code, message } = rest.error
    const aggregatesOff =
      code === 'PGRST123' ? ' Aggregates are off: tick Aggregates enabled to run it as the tool assumes.' : ''
    return {
      tone: 'refused',
      text: `PostgREST ${POSTGREST_VERSION} refuses this request: ${rest.status} ${code}, ${sentence(message)}${aggregatesOff}${sqlFails}`,
    }
  }
  if (result.sql && !result.sql.ok)
    return { tone: 'failed', text: `The SQL fails on the sample data: ${sentence(result.sql.message)}` }
  if (!rest.ok)
    return {
      tone: 'failed',
      text: `The REST engine could not answer this request: ${sentence(rest.message)}`,
    }
  if (result.countMatches !== undefined) {
    return result.countMatches
      ? {
          tone: 'same',
          text: 'Same count: the request answers with it in the Content-Range header, without a body.',
        }
      : { tone: 'mismatch', text: 'The counts differ.' }
  }
  const comparison = result.comparison
  if (!comparison) {
    if (rest.body === '')
      return { tone: 'info', text: `The request answers ${statusLine(rest)}, with no body.` }
    return { tone: 'info', text: `The request returns ${plural(rest.rows.length, 'row')}.` }
  }
  const counts = `SQL: ${plural(comparison.sqlCount, 'row')}, REST: ${plural(comparison.restCount, 'row')}`
  if (comparison.verdict === 'same') return { tone: 'same', text: `Same rows. ${counts}.` }
  if (comparison.verdict === 'order-differs') {
    const position = comparison.firstOrderDifference ?? 0
    const sqlRow = result.sql?.ok ? valuesOf(result.sql.rows[position]) : []
    const restRow = valuesOf(rest.rows[position])
    return {
      tone: 'mismatch',
      text:
        `Same rows, in a different order: row ${position + 1} is ${JSON.stringify(sqlRow)} in SQL ` +
        `and ${JSON.stringify(restRow)} in REST. ${counts}.`,
    }
  }
  return {
    tone: 'mismatch',
    text:
      `The rows differ. ${counts}.` +
      (comparison.onlyInSql.length ? ` Only in SQL: ${JSON.stringify(comparison.onlyInSql[0])}.` : '') +
      (comparison.onlyInRest.length ? ` Only in REST: ${JSON.stringify(comparison.onlyInRest[0])}.` : ''),
  }
}

const TONE_CLASSES: Record<VerdictTone, string> = {
  same: 'border-emerald-600/50 bg-emerald-500/10 text-emerald-900 dark:text-emerald-200',
  mismatch: 'border-red-500/60 bg-red-500/10 text-red-800 dark:text-red-200',
  refused: 'border-amber-500/70 bg-amber-500/10 text-amber-900 dark:text-amber-200',
  failed: 'border-red-500/60 bg-red-500/10 text-red-800 dark:text-red-200',
  info: 'border-[var(--border)] bg-[var(--surface)]',
}

const PANEL_CLASSES =
  'max-h-80 overflow-auto rounded-lg border border-[var(--border)] bg-[var(--code-bg)] p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]'

/**
 * What PostgREST 12.2 answers on the sample data (through the REST engine), beside the SQL's own
 * rows, and whether the two agree. Memoised: its JSON is formatted again only when a new run
 * answers, not on every keystroke.
 */
export const RunResponse = memo(function RunResponse({ run }: { run: RunState }) {
  // While the first run starts the database, the tool shows its progress above.
  if (run.status === 'idle' || run.status === 'running') return null
  if (run.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        The sample database could not run this: {run.message}
      </p>
    )
  }
  const result = run.result
  const verdict = verdictOf(result)
  const rest = result.rest
  return (
    <section aria-label="Response" data-testid="run-response" className="space-y-3 text-sm">
      <h3 className="text-base font-semibold">Response</h3>
      <p
        data-testid="run-verdict"
        data-verdict={verdict.tone}
        className={`rounded border p-2 [overflow-wrap:anywhere] ${TONE_CLASSES[verdict.tone]}`}
      >
        {verdict.text}
      </p>
      {rest.ok ? (
        <div className={result.sql?.ok ? 'grid gap-3 lg:grid-cols-2' : 'grid gap-3'}>
          <div className="min-w-0">
            <p className="mb-1 font-medium">REST response</p>
            <pre data-testid="run-rest" tabIndex={0} aria-label="REST response" className={PANEL_CLASSES}>
              {/* A long Content-Location wraps between URL parts first. */}
              {splitAtUrlBreaks(responseText(rest)).map((piece, index) => (
                <Fragment key={index}>
                  {index > 0 ? <wbr /> : null}
                  {piece}
                </Fragment>
              ))}
            </pre>
          </div>
          {result.sql?.ok ? (
            <div className="min-w-0">
              <p className="mb-1 font-medium">SQL result</p>
              <pre data-testid="run-sql" tabIndex={0} aria-label="SQL result" className={PANEL_CLASSES}>
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
      {run.statement ? (
        <details>
          <summary className="cursor-pointer font-medium">The SQL PostgREST runs for this request</summary>
          <pre
            data-testid="run-statement"
            className="mt-1 overflow-x-auto rounded-lg border border-[var(--border)] bg-[var(--code-bg)] p-3 font-mono text-xs whitespace-pre-wrap"
          >
            {run.statement}
          </pre>
        </details>
      ) : null}
    </section>
  )
})
