import { useCallback, useId, useSyncExternalStore } from 'react'
import type { LeadWidget } from './lead-widget-store'
import { useProjectConfigServices } from './project-config-services'

const noSubscription = () => () => {}
const noLead = (): LeadWidget | null => null

/**
 * This widget's element id, the ref that registers it with the page, and whether it leads.
 * Until the widgets are mounted (prerendered HTML, first render) every widget renders as a lead;
 * the others step back in the same commit, before the reader sees anything.
 */
export function useLeadWidget(label: string) {
  const services = useProjectConfigServices()
  const widgets = services?.widgets
  const key = useId()
  const elementId = `project-config-${key.replace(/[^A-Za-z0-9_-]/g, '')}`
  const lead = useSyncExternalStore(
    widgets?.subscribe ?? noSubscription,
    widgets?.getSnapshot ?? noLead,
    noLead,
  )
  const ref = useCallback(
    (element: HTMLDivElement | null) =>
      element && widgets ? widgets.register(key, element, label) : undefined,
    [widgets, key, label],
  )
  return { elementId, ref, lead: lead === null || lead.key === key ? null : lead }
}
