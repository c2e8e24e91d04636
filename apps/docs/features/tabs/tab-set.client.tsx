'use client'

import {
  createContext,
  useContext,
  useId,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { selectTabOnPress } from './select-on-press'

/**
 * The ARIA tabs pattern, for the guides' tab groups and the SQL tool's outputs: a tab list with one
 * tab in the Tab order, arrow keys, Home and End that move and select (automatic activation), a
 * press that selects without a focus ring, and panels labelled by their tabs.
 * Radix Tabs did the same, but each shown panel set state from a ref callback while the page
 * hydrated, which made React render again at once and run every effect in the same long task.
 */

interface TabSetContext {
  value: string
  select: (value: string) => void
  tabId: (value: string) => string
  panelId: (value: string) => string
}

const Context = createContext<TabSetContext | null>(null)

function useTabSet(part: string): TabSetContext {
  const context = useContext(Context)
  if (!context) throw new Error(`<${part}> must be inside <TabSet>`)
  return context
}

// Values come from content ids: keep the generated ids valid whatever they contain.
const idPart = (value: string) => encodeURIComponent(value).replace(/%/g, '_')

type DivProps = Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> &
  Record<`data-${string}`, string | undefined>

export function TabSet({
  value,
  onValueChange,
  idBase,
  children,
  ...props
}: DivProps & {
  value: string
  onValueChange: (value: string) => void
  /**
   * The start of the tabs' and panels' ids. A set rendered on the server and hydrated as an island
   * needs it: `useId` counts from the root, which is the page there and the island here.
   */
  idBase?: string
  children: ReactNode
}) {
  const generated = useId()
  const base = idBase ?? generated
  const context: TabSetContext = {
    value,
    select: (next) => {
      if (next !== value) onValueChange(next)
    },
    tabId: (tab) => `${base}-tab-${idPart(tab)}`,
    panelId: (tab) => `${base}-panel-${idPart(tab)}`,
  }
  return (
    <Context.Provider value={context}>
      <div {...props}>{children}</div>
    </Context.Provider>
  )
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}

export function TabList({ children, ...props }: DivProps & { children: ReactNode }) {
  const { select } = useTabSet('TabList')
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key]
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'))
    const index = tabs.indexOf(event.target as HTMLElement)
    if (!step || index < 0 || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    const next = tabs[step(index, tabs.length)]
    next?.focus()
    if (next?.dataset.value !== undefined) select(next.dataset.value)
  }
  return (
    <div role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} {...props}>
      {children}
    </div>
  )
}

export function Tab({
  value,
  className,
  children,
}: {
  value: string
  className?: string
  children: ReactNode
}) {
  const { value: selected, select, tabId, panelId } = useTabSet('Tab')
  const active = value === selected
  return (
    <button
      type="button"
      role="tab"
      id={tabId(value)}
      aria-selected={active}
      aria-controls={panelId(value)}
      data-state={active ? 'active' : 'inactive'}
      data-value={value}
      tabIndex={active ? 0 : -1}
      onMouseDown={(event) => selectTabOnPress(event, () => select(value))}
      onClick={() => select(value)}
      className={className}
    >
      {children}
    </button>
  )
}

/**
 * A tab's panel. By default only the selected panel is rendered; with `keepMounted` every panel is
 * in the HTML and the inactive ones carry `data-state="inactive"` for the stylesheet to hide.
 */
export function TabContent({
  value,
  keepMounted = false,
  children,
  ...props
}: DivProps & { value: string; keepMounted?: boolean; children?: ReactNode }) {
  const { value: selected, tabId, panelId } = useTabSet('TabContent')
  const active = value === selected
  if (!active && !keepMounted) return null
  return (
    <div
      role="tabpanel"
      id={panelId(value)}
      aria-labelledby={tabId(value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={0}
      {...props}
    >
      {children}
    </div>
  )
}
