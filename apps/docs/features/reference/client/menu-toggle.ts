/** The small-screen "Contents" button that opens and closes the section menu. */
import { REF_ATTR, attrSelector } from '../dom-contract'
import { currentMenuItem, showMenuItem } from './menu-item'

export function attachMenuToggle({ root, signal }: { root: HTMLElement; signal: AbortSignal }): {
  close: () => void
} {
  const menu = root.querySelector<HTMLElement>(attrSelector(REF_ATTR.menu))
  const toggle = root.querySelector<HTMLButtonElement>(attrSelector(REF_ATTR.menuToggle))
  const setOpen = (open: boolean) => {
    if (!menu || !toggle) return
    toggle.setAttribute('aria-expanded', String(open))
    if (open) {
      menu.dataset.open = ''
      // The section the page is at, in the middle of the panel rather than somewhere below it.
      showMenuItem(menu, currentMenuItem(menu), 'center')
    } else delete menu.dataset.open
  }
  toggle?.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'), {
    signal,
  })
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || menu?.dataset.open === undefined) return
      setOpen(false)
      toggle?.focus()
    },
    { signal },
  )
  return { close: () => setOpen(false) }
}
