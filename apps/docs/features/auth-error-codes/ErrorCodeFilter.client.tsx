'use client'

import { useEffect, useRef, useState, type ReactNode } from 'react'
import { filterTerms, matchesFilter } from './error-codes'

/** Escapes a term for use inside a double-quoted CSS attribute selector. */
function cssString(term: string): string {
  return term.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')
}

/**
 * A filter box over a server-rendered table whose rows carry `data-search`. Rows are hidden
 * with one generated CSS rule, so the table's markup (and its data) never passes through
 * client JavaScript.
 */
export function ErrorCodeFilter({
  total,
  scopeId,
  children,
}: {
  total: number
  /** The table's id on the page, which the filter's rule is scoped to. */
  scopeId: string
  children: ReactNode
}) {
  const [query, setQuery] = useState('')
  const [shown, setShown] = useState(total)
  const tableRef = useRef<HTMLDivElement>(null)
  const terms = filterTerms(query)

  // A fresh load with `#code-...` scrolls before the page has settled (fonts, hydration); scroll to
  // the row again once mounted so it ends up below the sticky header.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id === '') return
    const row = tableRef.current?.querySelector<HTMLElement>(`tr[id="${cssString(id)}"]`)
    row?.scrollIntoView({ block: 'start' })
  }, [])

  useEffect(() => {
    const rows = tableRef.current?.querySelectorAll<HTMLElement>('tr[data-search]') ?? []
    const queryTerms = filterTerms(query)
    setShown([...rows].filter((row) => matchesFilter(row.dataset.search ?? '', queryTerms)).length)
  }, [query])

  const hideRule =
    terms.length === 0
      ? ''
      : `#${scopeId} tr[data-search]:is(${terms
          .map((term) => `:not([data-search*="${cssString(term)}"])`)
          .join(', ')}) { display: none; }`

  return (
    <div className="my-6">
      <label htmlFor={`${scopeId}-input`} className="mb-1 block text-sm font-medium">
        Filter error codes
      </label>
      <input
        id={`${scopeId}-input`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Type a code, a word or a status, e.g. rate limit or 429"
        autoComplete="off"
        spellCheck={false}
        className="w-full rounded-md border border-[var(--border)] bg-[var(--bg)] px-3 py-2 text-sm text-[var(--text)] focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
      />
      <p
        role="status"
        aria-live="polite"
        className="mt-2 mb-0 text-sm text-[var(--muted)]"
        data-error-code-count={shown}
      >
        {terms.length === 0 ? `${total} codes` : `${shown} of ${total} codes match`}
        {terms.length > 0 && shown === 0 ? `. Nothing matches “${query.trim()}”.` : ''}
      </p>
      {hideRule ? <style>{hideRule}</style> : null}
      <div id={scopeId} ref={tableRef}>
        {children}
      </div>
    </div>
  )
}
