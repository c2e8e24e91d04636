/**
 * Copy buttons of a reference page: one per code sample (added here, since without script it
 * could not copy) and the copy-link button of each section heading.
 */
import { REF_ATTR, attrSelector } from '../dom-contract'

const COPIED_STATE_MS = 1500

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

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
  const markCopied = (button: HTMLElement, ok: boolean, idleLabel: string, doneLabel: string) => {
    button.dataset.state = ok ? 'copied' : 'failed'
    button.setAttribute('aria-label', ok ? doneLabel : 'Copy failed')
    announce(ok ? doneLabel : 'Copy failed')
    window.setTimeout(() => {
      delete button.dataset.state
      button.setAttribute('aria-label', idleLabel)
    }, COPIED_STATE_MS)
  }

  addCodeCopyButtons(root)
  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null
      const copyLink = target?.closest<HTMLElement>(attrSelector(REF_ATTR.copyLink))
      if (copyLink) {
        const idle = copyLink.getAttribute('aria-label') ?? 'Copy link'
        void writeClipboard(sectionUrl(copyLink.getAttribute(REF_ATTR.copyLink) ?? '')).then((ok) =>
          markCopied(copyLink, ok, idle, 'Link copied'),
        )
        return
      }
      const copyCode = target?.closest<HTMLElement>(attrSelector(REF_ATTR.copyCode))
      if (copyCode) {
        const code = copyCode.closest('figure')?.querySelector('pre')?.textContent ?? ''
        const idle = copyCode.getAttribute('aria-label') ?? 'Copy code'
        void writeClipboard(code).then((ok) => markCopied(copyCode, ok, idle, 'Code copied'))
      }
    },
    { signal },
  )
}
