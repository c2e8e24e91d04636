'use client'

import { useEffect, useRef, useState, type ComponentType } from 'react'
import { RETURN_POSITION_KEY } from './return-position'
import { assertVariable, type Variable } from './variable-display'
import { WidgetStandIn } from './WidgetFrame'

type Widget = ComponentType<{ variable: Variable }>

/**
 * How far outside the window a widget starts loading: its code (a few KB) is in by the time the
 * reader scrolls it into view.
 */
export const NEAR_VIEW_MARGIN = '600px 0px'

let requested = false
let resolveWidget: (widget: Widget) => void = () => {}
/** Settles once, when the first widget of the page asks for the code; every widget then shows. */
const widgetLoaded = new Promise<Widget>((resolve) => {
  resolveWidget = resolve
})

function loadWidget(): void {
  if (requested) return
  requested = true
  void import('./ProjectConfigWidget.client').then((module) => resolveWidget(module.ProjectConfigWidget))
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
export function ProjectConfigVariables({ variable }: { variable: Variable }) {
  assertVariable(variable)
  const standIn = useRef<HTMLDivElement>(null)
  const [widget, setWidget] = useState<Widget | null>(null)

  useEffect(() => {
    let live = true
    void widgetLoaded.then((loaded) => {
      if (live) setWidget(() => loaded)
    })
    const element = standIn.current
    if (returningFromSignIn() || !element || typeof IntersectionObserver === 'undefined') {
      loadWidget()
      return () => {
        live = false
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadWidget()
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    )
    observer.observe(element)
    void widgetLoaded.then(() => observer.disconnect())
    return () => {
      live = false
      observer.disconnect()
    }
  }, [])

  const Loaded = widget
  return Loaded ? <Loaded variable={variable} /> : <WidgetStandIn variable={variable} frameRef={standIn} />
}
