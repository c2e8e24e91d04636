'use client'

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'

// The dialog and Pagefind are fetched the first time search opens, never with the page.
const SearchDialog = lazy(() =>
  import('./SearchDialog.client').then((module) => ({ default: module.SearchDialog })),
)

/** Typing in a field, an editor or a select must not open search with `/`. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true
  return (
    target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  )
}

export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'target'>,
): boolean {
  if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) return true
  return (
    event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isTypingTarget(event.target)
  )
}

const noSubscription = () => () => {}
const isApplePlatform = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

export function SearchButton() {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  // Set once the shortcuts listen, so tests (and nothing else) can tell the button is live.
  const [listening, setListening] = useState(false)
  const apple = useSyncExternalStore(noSubscription, isApplePlatform, () => false)

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || !isSearchShortcut(event)) return
      event.preventDefault()
      setLoaded(true)
      setOpen((wasOpen) => (event.key === '/' ? true : !wasOpen))
    }
    window.addEventListener('keydown', onKeyDown)
    setListening(true)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
        aria-haspopup="dialog"
        data-listening={listening ? 'true' : undefined}
        aria-keyshortcuts="Meta+K Control+K /"
        className="flex h-8 items-center gap-2 rounded-md border border-[var(--border)] bg-[var(--surface)] px-2 text-sm text-[var(--muted)] hover:text-[var(--text)] xl:w-52"
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m11 11 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="xl:flex-1 xl:text-left">Search</span>
        {/* The shortcut is shown on wide screens with a keyboard, never on a touch screen. */}
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-[var(--border)] px-1 text-xs xl:inline pointer-coarse:hidden [@media(hover:none)]:hidden"
        >
          {apple ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
