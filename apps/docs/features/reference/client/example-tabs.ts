/** Tabs of a reference section (examples, request variants): mouse and arrow-key switching. */
import { REF_ATTR, attrSelector } from '../dom-contract'

const TABS = attrSelector(REF_ATTR.tabs)

export function attachExampleTabs({
  root,
  signal,
  onShow,
}: {
  root: HTMLElement
  signal: AbortSignal
  /** Called with a panel that became visible (its deferred parts load then). */
  onShow: (panel: HTMLElement) => void
}): void {
  const select = (tab: HTMLElement, focus: boolean) => {
    const list = tab.closest('[role="tablist"]')
    const group = tab.closest(TABS)
    if (!list || !group) return
    list.querySelectorAll<HTMLElement>('[role="tab"]').forEach((other) => {
      const selected = other === tab
      other.setAttribute('aria-selected', String(selected))
      other.tabIndex = selected ? 0 : -1
      const panel = group.querySelector<HTMLElement>(
        `#${CSS.escape(other.getAttribute('aria-controls') ?? '')}`,
      )
      if (!panel) return
      panel.dataset.state = selected ? 'active' : 'inactive'
      if (selected) onShow(panel)
    })
    if (focus) tab.focus()
  }

  root.addEventListener(
    'click',
    (event) => {
      const tab =
        event.target instanceof Element ? event.target.closest<HTMLElement>(`${TABS} [role="tab"]`) : null
      if (tab) select(tab, false)
    },
    { signal },
  )

  root.addEventListener(
    'keydown',
    (event) => {
      const target = event.target instanceof HTMLElement ? event.target : null
      if (!target || target.getAttribute('role') !== 'tab' || !target.closest(TABS)) return
      const tabs = Array.from(
        target.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [],
      )
      const index = tabs.indexOf(target)
      const next =
        event.key === 'ArrowRight'
          ? tabs[(index + 1) % tabs.length]
          : event.key === 'ArrowLeft'
            ? tabs[(index - 1 + tabs.length) % tabs.length]
            : event.key === 'Home'
              ? tabs[0]
              : event.key === 'End'
                ? tabs[tabs.length - 1]
                : undefined
      if (next) {
        event.preventDefault()
        select(next, true)
      }
    },
    { signal },
  )
}
