'use client'

import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { ModalDialogContent } from '@/components/ui/ModalDialog.client'
import { NO_RESULTS_SUGGESTIONS } from './no-results'
import { type ExcerptPart, type SearchHit, type SearchSection, PAGE_SIZE } from '@docs/site-search'
import { useSiteSearch } from './use-site-search.client'

/** Hidden on touch screens, where there is no keyboard to press the keys it names. */
const KEYBOARD_ONLY = 'pointer-coarse:hidden [@media(hover:none)]:hidden'

/** The pages offered when a query matches nothing, shaped as results. */
const SUGGESTED_HITS: SearchHit[] = NO_RESULTS_SUGGESTIONS.map((page) => ({
  id: page.url,
  url: page.url,
  area: page.area,
  page: page.title,
  excerpt: [{ text: page.description, highlighted: false }],
  sections: [],
}))

function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return (
    <span className="mt-1 line-clamp-2 block text-sm text-[var(--muted)]">
      {parts.map((part, index) =>
        part.highlighted ? (
          <mark
            key={index}
            className="rounded-sm bg-[color-mix(in_srgb,var(--accent)_25%,transparent)] px-0.5 text-[var(--text)]"
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  )
}

/** One entry of the keyboard order: a page, or a section listed under it. */
interface SearchOption {
  url: string
  hit: SearchHit
  section?: SearchSection
}

function optionsOf(hits: readonly SearchHit[]): SearchOption[] {
  return hits.flatMap((hit) => [
    { url: hit.url, hit },
    ...hit.sections.map((section) => ({ url: section.url, hit, section })),
  ])
}

function OptionLink({
  option,
  id,
  active,
  suggested,
  onPoint,
  onChoose,
}: {
  option: SearchOption
  id: string
  active: boolean
  /** A suggested page shown when nothing matched, not a result. */
  suggested: boolean
  onPoint: () => void
  onChoose: () => void
}) {
  const { hit, section } = option
  return (
    <a
      id={id}
      href={option.url}
      role="option"
      aria-selected={active}
      onMouseMove={onPoint}
      onClick={onChoose}
      data-search-hit={section || suggested ? undefined : option.url}
      data-search-suggestion={suggested ? option.url : undefined}
      data-search-section={section ? option.url : undefined}
      className={`block rounded-md no-underline ${section ? 'ml-4 border-l border-[var(--border)] py-1.5 pr-3 pl-3' : 'px-3 py-2'} ${active ? 'bg-[var(--surface-strong)]' : ''}`}
    >
      {section ? (
        <span className="block text-sm font-medium text-[var(--text)]">
          <span className="sr-only">Section: </span>
          {section.title}
        </span>
      ) : (
        <>
          <span className="block text-xs text-[var(--muted)]">{hit.area}</span>
          <span className="block font-medium text-[var(--text)]">{hit.page}</span>
        </>
      )}
      {(section ? section.excerpt : hit.excerpt).length > 0 ? (
        <Excerpt parts={section ? section.excerpt : hit.excerpt} />
      ) : null}
    </a>
  )
}

/** The search dialog: loaded, with Pagefind, only once the reader opens search. */
export function SearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [query, setQuery] = useState('')
  const term = query.trim()
  // "Show more" raises the limit for this query only; a new query starts from one page again.
  const [more, setMore] = useState({ query: '', limit: PAGE_SIZE })
  const limit = more.query === term ? more.limit : PAGE_SIZE
  const state = useSiteSearch(query, limit)
  const found = state.status === 'done' || state.status === 'searching' ? state.hits : []
  const total = state.status === 'done' || state.status === 'searching' ? state.total : 0
  const noResults = state.status === 'done' && found.length === 0
  // Nothing matched: three pages to start from, reachable like results (arrows, Enter, Tab).
  const hits = noResults ? SUGGESTED_HITS : found
  const correctedTo = state.status === 'done' && found.length > 0 ? state.correctedTo : undefined
  const options = optionsOf(hits)
  const resultsKey = state.status === 'done' ? state.query : ''
  const [pointer, setPointer] = useState({ key: '', index: 0 })
  const active = pointer.key === resultsKey && pointer.index < options.length ? pointer.index : 0
  const baseId = useId()
  const listId = `${baseId}-results`
  const optionId = (index: number) => `${baseId}-hit-${index}`

  useEffect(() => {
    if (options.length > 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
    // optionId only depends on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, options.length])

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (options.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setPointer({ key: resultsKey, index: (active + step + options.length) % options.length })
    } else if (event.key === 'Enter') {
      event.preventDefault()
      document.getElementById(optionId(active))?.click()
    }
  }

  const status =
    state.status === 'idle'
      ? 'Type to search the guides and the references.'
      : state.status === 'too-short'
        ? 'Keep typing: words of one letter are not searched.'
        : state.status === 'error'
          ? state.message
          : state.status === 'searching' && found.length === 0
            ? 'Searching...'
            : noResults
              ? `No results for “${state.query}”.`
              : `${found.length} of ${total} page${total === 1 ? '' : 's'}${correctedTo ? ` for “${correctedTo}”` : ''}${state.status === 'searching' ? ', updating' : ''}.`

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalDialogContent
        aria-describedby={undefined}
        className="fixed top-[8vh] left-1/2 z-50 flex max-h-[80vh] w-[min(94vw,40rem)] -translate-x-1/2 flex-col rounded-xl border border-[var(--border)] bg-[var(--bg)] shadow-2xl"
        data-search-dialog
      >
        <Dialog.Title className="sr-only">Search the docs</Dialog.Title>
        <div className="flex items-center gap-2 border-b border-[var(--border)] px-4">
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 16 16"
            className="shrink-0 text-[var(--muted)]"
          >
            <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="m11 11 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            role="combobox"
            aria-label="Search the docs"
            aria-expanded={options.length > 0}
            aria-controls={options.length > 0 ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
            placeholder="Search guides and references"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
            className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none"
          />
          <kbd
            className={`rounded border border-[var(--border)] px-1.5 text-xs text-[var(--muted)] ${KEYBOARD_ONLY}`}
          >
            Esc
          </kbd>
          <Dialog.Close className="hidden h-8 shrink-0 rounded-md px-2 text-sm text-[var(--muted)] hover:text-[var(--text)] pointer-coarse:inline-flex pointer-coarse:items-center [@media(hover:none)]:inline-flex [@media(hover:none)]:items-center">
            Close
          </Dialog.Close>
        </div>
        <div className="min-h-0 overflow-y-auto p-2">
          <p
            role="status"
            className={
              found.length > 0
                ? 'sr-only'
                : `px-3 text-center text-sm ${noResults ? 'pt-5 pb-1 text-[var(--text)]' : 'py-6 text-[var(--muted)]'}`
            }
          >
            {status}
          </p>
          {correctedTo ? (
            <p className="px-3 pt-1 pb-2 text-sm text-[var(--muted)]" data-search-correction>
              Showing results for <span className="font-medium text-[var(--text)]">“{correctedTo}”</span>
            </p>
          ) : null}
          {noResults ? (
            <p id={`${listId}-label`} className="px-3 pb-3 text-center text-sm text-[var(--muted)]">
              Try other words, or start here:
            </p>
          ) : null}
          {hits.length > 0 ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={noResults ? undefined : 'Search results'}
              aria-labelledby={noResults ? `${listId}-label` : undefined}
              data-query={state.status === 'done' && !noResults ? state.query : undefined}
              data-search-suggestions={noResults ? state.query : undefined}
              className="m-0 list-none p-0"
            >
              {hits.map((hit) => {
                const sections = options.filter((option) => option.hit === hit && option.section)
                const pageIndex = options.findIndex((option) => option.hit === hit && !option.section)
                const link = (option: SearchOption) => {
                  const index = options.indexOf(option)
                  return (
                    <OptionLink
                      option={option}
                      id={optionId(index)}
                      active={index === active}
                      suggested={noResults}
                      onPoint={() => index !== active && setPointer({ key: resultsKey, index })}
                      onChoose={() => onOpenChange(false)}
                    />
                  )
                }
                const page = options[pageIndex]
                return (
                  <li key={hit.id} role="none" data-search-group={hit.url} className="py-0.5">
                    {page ? link(page) : null}
                    {sections.length > 0 ? (
                      <ul role="group" aria-label={`Sections of ${hit.page}`} className="m-0 list-none p-0">
                        {sections.map((option) => (
                          <li key={option.url} role="none">
                            {link(option)}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          ) : null}
          {found.length > 0 && total > found.length ? (
            <button
              type="button"
              onClick={() => setMore({ query: term, limit: limit + PAGE_SIZE })}
              disabled={state.status === 'searching'}
              className="mt-1 w-full rounded-md border border-[var(--border)] px-3 py-2 text-sm text-[var(--text)] hover:bg-[var(--surface-strong)]"
            >
              Show more results ({total - found.length} more)
            </button>
          ) : null}
        </div>
        <p
          className={`border-t border-[var(--border)] px-4 py-2 text-xs text-[var(--muted)] ${KEYBOARD_ONLY}`}
        >
          <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
        </p>
      </ModalDialogContent>
    </Dialog.Root>
  )
}
