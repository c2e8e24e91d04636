'use client'

import { useEffect, useRef, useState, type ComponentType } from 'react'
import { RETURN_POSITION_KEY } from './return-position-key'
import { assertVariable, type Variable } from './variable-display'
import { WidgetStandIn } from './WidgetFrame'

type Widget = ComponentType<{ variable: Variable }>
type Prompt = ComponentType<{ variable: Variable; elementId: string; onSignedIn: () => void }>
/** What the page's widgets show once their code is in: the full widget, or the sign-in prompt. */
type Shown = { widget: Widget } | { prompt: Prompt }

/**
 * How far outside the window a widget starts loading: its code (a few KB) is in by the time the
 * reader scrolls it into view.
 */
export const NEAR_VIEW_MARGIN = '600px 0px'

/** One decision for every widget of the page, made when the first one nears the window. */
let shown: Shown | null = null
const listeners = new Set<(next: Shown) => void>()
let started = false

function show(next: Shown): void {
  shown = next
  for (const listener of [...listeners]) listener(next)
}

function loadWidget(): void {
  void import('./ProjectConfigWidget.client').then((module) => show({ widget: module.ProjectConfigWidget }))
}

/**
 * A signed-out reader gets the sign-in prompt alone (a fraction of the widget's code); a signed-in
 * or returning one gets the full widget. The prompt's module tells which, from local storage.
 */
function start(): void {
  if (started) return
  started = true
  if (returningFromSignIn()) {
    loadWidget()
    return
  }
  void import('./SignedOutWidget.client').then((module) => {
    if (module.hasUsableSession(window)) loadWidget()
    else show({ prompt: module.SignedOutWidget })
  })
}

/**
 * A reader back from the sign-in page needs the widget at once, wherever it is on the page: it
 * takes the token from the address and puts the reader back where they left.
 */
function returningFromSignIn(): boolean {
  if (window.location.hash.includes('access_token=')) return true
  try {
    return window.sessionStorage.getItem(RETURN_POSITION_KEY) !== null
  } catch {
    return false
  }
}

/**
 * `<ProjectConfigVariables variable="url" />` or `variable="anonKey"` in a guide. Until the widget
 * nears the window its code is not fetched: a static stand-in of the same size holds its place,
 * so nothing moves when the widget takes over.
 */
export function ProjectConfigVariables({
  variable,
  elementId,
}: {
  variable: Variable
  /** Unique on the page, made on the server: the stand-in and the sign-in prompt carry it. */
  elementId: string
}) {
  assertVariable(variable)
  const standIn = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState<Shown | null>(shown)

  useEffect(() => {
    const listener = (next: Shown) => setCurrent(next)
    listeners.add(listener)
    if (shown) setCurrent(shown)
    const element = standIn.current
    if (shown || returningFromSignIn() || !element || typeof IntersectionObserver === 'undefined') {
      start()
      return () => {
        listeners.delete(listener)
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start()
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    )
    observer.observe(element)
    const stopObserving = () => observer.disconnect()
    listeners.add(stopObserving)
    return () => {
      listeners.delete(listener)
      listeners.delete(stopObserving)
      observer.disconnect()
    }
  }, [])

  if (current && 'widget' in current) return <current.widget variable={variable} />
  if (current) return <current.prompt variable={variable} elementId={elementId} onSignedIn={loadWidget} />
  return <WidgetStandIn variable={variable} elementId={elementId} frameRef={standIn} />
}
