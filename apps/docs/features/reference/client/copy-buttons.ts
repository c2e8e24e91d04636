/**
 * Copy buttons of a reference page: one per code sample (added here, since without script it
 * could not copy) and the copy-link button of each section heading.
 */
import { COPY_FEEDBACK_MS, COPY_WORDS, writeClipboard, type CopyOutcome } from '@/lib/clipboard'
import { REF_ATTR, attrSelector } from '../dom-contract'

/** Puts a Copy button in the bar of every code sample inside `container` that has none yet. */
export function addCodeCopyButtons(container: ParentNode): void {
  container.querySelectorAll<HTMLElement>('figure.ref-code').forEach((figure) => {
    if (figure.querySelector(attrSelector(REF_ATTR.copyCode))) return
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'ref-copy'
    button.setAttribute(REF_ATTR.copyCode, '')
    button.setAttribute('aria-label', `Copy ${figure.getAttribute('aria-label') ?? 'code'}`)
    button.textContent = 'Copy'
    figure.prepend(button)
  })
}

/** Handles clicks on copy buttons inside `root`; `announce` tells screen readers the outcome. */
export function attachCopyButtons({
  root,
  signal,
  sectionUrl,
  announce,
}: {
  root: HTMLElement
  signal: AbortSignal
  sectionUrl: (slug: string) => string
  announce: (message: string) => void
}): void {
  const markCopied = (button: HTMLElement, outcome: CopyOutcome, idleLabel: string, doneLabel: string) => {
    const message = outcome === 'copied' ? doneLabel : COPY_WORDS.failed
    button.dataset.state = outcome
    button.setAttribute('aria-label', message)
    announce(message)
    window.setTimeout(() => {
      delete button.dataset.state
      button.setAttribute('aria-label', idleLabel)
    }, COPY_FEEDBACK_MS.default)
  }

  addCodeCopyButtons(root)
  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null
      const copyLink = target?.closest<HTMLElement>(attrSelector(REF_ATTR.copyLink))
      if (copyLink) {
        const idle = copyLink.getAttribute('aria-label') ?? 'Copy link'
        void writeClipboard(sectionUrl(copyLink.getAttribute(REF_ATTR.copyLink) ?? '')).then((outcome) =>
          markCopied(copyLink, outcome, idle, 'Link copied'),
        )
        return
      }
      const copyCode = target?.closest<HTMLElement>(attrSelector(REF_ATTR.copyCode))
      if (copyCode) {
        const code = copyCode.closest('figure')?.querySelector('pre')?.textContent ?? ''
        const idle = copyCode.getAttribute('aria-label') ?? 'Copy code'
        void writeClipboard(code).then((outcome) => markCopied(copyCode, outcome, idle, 'Code copied'))
      }
    },
    { signal },
  )
}
