import type { ReactNode } from 'react'
import type { Advice, RenderResult } from '@docs/sql-to-rest'
import type { OutputLanguage } from './tool-state'
import type { ToolNote } from './translate-output'

// Lines wrap at spaces and, in requests, between URL parts (see url-breaks.ts); a longer run scrolls.
const CODE_CLASS =
  'mt-1 overflow-x-auto rounded bg-[var(--surface)] p-2 font-mono text-xs whitespace-pre-wrap text-[var(--text)]'

/** Shows output code the way the tool's own panels do (the API key masked until revealed). */
export type CodeView = (code: string) => ReactNode

function RenderedCode({ result, view, label }: { result: RenderResult; view: CodeView; label: string }) {
  return result.ok ? (
    <pre className={CODE_CLASS} tabIndex={0} aria-label={label}>
      <code>{view(result.code)}</code>
    </pre>
  ) : (
    <p className="mt-1">
      {result.error.message} {result.error.hint}
    </p>
  )
}

/**
 * What to do about a refused query, built from the reader's own SQL: a version that translates,
 * or the view or function to create once and the request that then reads or calls it.
 */
export function RefusalAdvice({
  advice,
  call,
  view,
  onUseRewrite,
}: {
  advice: Advice
  /** The advice's request in the selected output language. */
  call: RenderResult | undefined
  view: CodeView
  onUseRewrite: (sql: string) => void
}) {
  const readsView = advice.create?.startsWith('create view') ?? false
  return (
    <div data-testid="refusal-advice" className="mt-2 space-y-2">
      {advice.rewrite ? (
        <div>
          <p>This version translates:</p>
          <pre className={CODE_CLASS} tabIndex={0} aria-label="Query that translates">
            {advice.rewrite}
          </pre>
          <button
            type="button"
            onClick={() => onUseRewrite(advice.rewrite!)}
            className="mt-1 rounded border border-current px-2 py-0.5 text-xs font-medium"
          >
            Use this version
          </button>
        </div>
      ) : null}
      {advice.create ? (
        <div>
          <p>Run this once in the database (SQL editor or a migration):</p>
          <pre
            className={CODE_CLASS}
            tabIndex={0}
            aria-label={readsView ? 'View to create' : 'Function to create'}
          >
            {advice.create}
          </pre>
          {call ? (
            <>
              <p className="mt-2">{readsView ? 'Then read the view:' : 'Then call the function:'}</p>
              <RenderedCode
                result={call}
                view={view}
                label={readsView ? 'Request that reads the view' : 'Request that calls the function'}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/** Notes on a request that is right as it stands, each with the request it offers instead. */
export function RequestNotes({
  notes,
  language,
  view,
}: {
  notes: ToolNote[]
  language: OutputLanguage
  view: CodeView
}) {
  if (notes.length === 0) return null
  return (
    <div data-testid="request-notes" role="group" aria-label="Notes" className="mt-2 space-y-2 text-sm">
      {notes.map((note) => (
        <div
          key={note.message}
          className="rounded border border-sky-600/40 bg-sky-500/10 p-2 text-sky-950 dark:text-sky-100"
        >
          <p>{note.message}</p>
          {note.alternative ? (
            <RenderedCode result={note.alternative[language]} view={view} label="Alternative request" />
          ) : null}
        </div>
      ))}
    </div>
  )
}
