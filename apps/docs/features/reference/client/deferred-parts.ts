/**
 * Loads what the long page left out (closed panels, other example tabs) when the reader opens it.
 * Each placeholder names a part and links to its section's crawler page, which has the part
 * rendered in place; that page is fetched once, parsed, and the part's nodes moved in. A pointer
 * resting on a summary or tab starts the fetch early. A failure says so and offers a retry. A part
 * that loads above the reader's view does not move it (keep-view.ts).
 */
import { REF_ATTR, attrSelector } from '../dom-contract'
import type { ViewKeeper } from './keep-view'

const DEFER = attrSelector(REF_ATTR.defer)
const MAX_PARALLEL_FETCHES = 3
const LAZY_DWELL_MS = 150

/** Runs at most `limit` tasks at once, the others in the order they came. */
function createQueue(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return (task) =>
    new Promise((resolve, reject) => {
      const start = () => {
        running++
        task()
          .then(resolve, reject)
          .finally(() => {
            running--
            waiting.shift()?.()
          })
      }
      if (running < limit) start()
      else waiting.push(start)
    })
}

/** Placeholders that opening `container` reveals: not those inside a closed panel or tab within it. */
function placeholdersShownBy(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(DEFER)).filter((placeholder) => {
    for (let node = placeholder.parentElement; node && node !== container; node = node.parentElement) {
      if (node instanceof HTMLDetailsElement && !node.open) return false
      if (node.getAttribute('role') === 'tabpanel' && node.dataset.state === 'inactive') return false
    }
    return true
  })
}

function statusLine(text: string): HTMLParagraphElement {
  const line = document.createElement('p')
  line.className = 'ref-defer-status'
  line.textContent = text
  return line
}

export interface DeferredParts {
  /** Loads every part that `container` shows now. */
  loadShownBy(container: Element): void
}

export function attachDeferredParts({
  root,
  signal,
  keeper,
  onLoaded,
  onSettled,
}: {
  root: HTMLElement
  signal: AbortSignal
  /** Keeps the reader's view still when a part above it changes height. */
  keeper: ViewKeeper
  /** Called with the placeholder once its content is in (to add copy buttons, for example). */
  onLoaded: (placeholder: HTMLElement) => void
  /** Called with the placeholder once it is done, loaded or failed. */
  onSettled?: (placeholder: HTMLElement) => void
}): DeferredParts {
  const pages = new Map<string, Promise<Document>>()
  const replace = (placeholder: HTMLElement, nodes: (Node | string)[]) =>
    keeper.change(placeholder, () => placeholder.replaceChildren(...nodes))

  // A fast scroll through the page asks for many sections at once: a few fetches at a time.
  const queue = createQueue(MAX_PARALLEL_FETCHES)

  const fetchPage = (href: string): Promise<Document> => {
    let page = pages.get(href)
    if (!page) {
      page = queue(() => fetch(href, { signal, credentials: 'same-origin' }))
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`)
          return response.text()
        })
        .then((html) => new DOMParser().parseFromString(html, 'text/html'))
      // A failed fetch is forgotten, so "Try again" fetches again.
      page.catch(() => pages.delete(href))
      pages.set(href, page)
    }
    return page
  }

  const load = async (placeholder: HTMLElement) => {
    const state = placeholder.dataset.state
    if (state === 'loading' || state === 'loaded') return
    const id = placeholder.getAttribute(REF_ATTR.defer) ?? ''
    const fallback = placeholder.querySelector('a')
    const href = placeholder.dataset.href ?? fallback?.getAttribute('href') ?? ''
    placeholder.dataset.href = href
    placeholder.dataset.state = 'loading'
    placeholder.setAttribute('aria-busy', 'true')
    replace(placeholder, [statusLine('Loading…')])
    try {
      const page = await fetchPage(href)
      const part = page.querySelector(`${attrSelector(REF_ATTR.section)} ${attrSelector(REF_ATTR.part, id)}`)
      if (!part) throw new Error(`No part "${id}" on ${href}`)
      replace(
        placeholder,
        Array.from(part.childNodes, (node) => document.importNode(node, true)),
      )
      placeholder.dataset.state = 'loaded'
      onLoaded(placeholder)
      // Parts shown by the one just loaded (an open panel inside it) load too.
      placeholdersShownBy(placeholder).forEach((inner) => void load(inner))
    } catch {
      if (signal.aborted) return
      placeholder.dataset.state = 'failed'
      const message = statusLine('This part could not be loaded. ')
      const retry = document.createElement('button')
      retry.type = 'button'
      retry.className = 'ref-defer-retry'
      retry.textContent = 'Try again'
      retry.addEventListener('click', () => void load(placeholder), { once: true })
      const link = document.createElement('a')
      link.href = href
      link.textContent = 'Open the section on its own page'
      message.append(retry, ' or ', link, '.')
      replace(placeholder, [message])
    } finally {
      placeholder.removeAttribute('aria-busy')
      if (!signal.aborted) onSettled?.(placeholder)
    }
  }

  const loadShownBy = (container: Element) => placeholdersShownBy(container).forEach((p) => void load(p))

  // Lazy parts (a section's example column) load as they come within a screen or two of view.
  const lazy = root.querySelectorAll<HTMLElement>(attrSelector(REF_ATTR.lazy))
  if (lazy.length > 0) {
    // Only what stays near the view for a moment: a fast scroll across the page loads nothing.
    const timers = new Map<Element, number>()
    /** Near the view but above the reader's line, while they have not moved (keep-view.ts). */
    const waiting = new Set<HTMLElement>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const placeholder = entry.target as HTMLElement
          window.clearTimeout(timers.get(placeholder))
          timers.delete(placeholder)
          waiting.delete(placeholder)
          if (!entry.isIntersecting) continue
          if (keeper.waits(placeholder)) {
            waiting.add(placeholder)
            continue
          }
          timers.set(
            placeholder,
            window.setTimeout(() => {
              timers.delete(placeholder)
              observer.unobserve(placeholder)
              void load(placeholder)
            }, LAZY_DWELL_MS),
          )
        }
      },
      { rootMargin: '150% 0px' },
    )
    lazy.forEach((placeholder) => observer.observe(placeholder))
    // Observed afresh, those still near the view load now.
    keeper.whenMoved(() =>
      waiting.forEach((placeholder) => {
        observer.unobserve(placeholder)
        observer.observe(placeholder)
      }),
    )
    signal.addEventListener('abort', () => {
      observer.disconnect()
      timers.forEach((timer) => window.clearTimeout(timer))
    })
  }

  // `toggle` does not bubble: listen in the capture phase.
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target
      if (details instanceof HTMLDetailsElement && details.open && root.contains(details))
        loadShownBy(details)
    },
    { capture: true, signal },
  )

  // Intent: a pointer on a summary or a tab warms the section's page before the click.
  root.addEventListener(
    'pointerover',
    (event) => {
      const trigger = event.target instanceof Element ? event.target.closest('summary, [role="tab"]') : null
      const scope = trigger?.closest('details') ?? trigger?.closest(attrSelector(REF_ATTR.tabs))
      const href = scope?.querySelector<HTMLAnchorElement>(`${DEFER} a`)?.getAttribute('href')
      if (href) void fetchPage(href).catch(() => undefined)
    },
    { passive: true, signal },
  )

  return { loadShownBy }
}
