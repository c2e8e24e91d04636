import { Children, isValidElement, type ReactNode } from 'react'
import type { TabDescriptor } from './Tabs.client'
import { TabsClient } from './tabs.lazy'

interface PanelProps {
  id?: unknown
  label?: unknown
}

/** Reads the panels' ids and labels on the server, so the client gets a plain list. */
export function collectTabs(children: ReactNode, queryGroup: string): TabDescriptor[] {
  const tabs: TabDescriptor[] = []
  Children.forEach(children, (child) => {
    if (!isValidElement<PanelProps>(child)) return
    const { id, label } = child.props
    if (typeof id !== 'string' || id === '') {
      throw new Error(`<Tabs queryGroup="${queryGroup}">: every <TabPanel> needs an id`)
    }
    if (tabs.some((tab) => tab.id === id)) {
      throw new Error(`<Tabs queryGroup="${queryGroup}">: duplicate panel id "${id}"`)
    }
    tabs.push({ id, label: typeof label === 'string' && label ? label : id })
  })
  if (tabs.length === 0) throw new Error(`<Tabs queryGroup="${queryGroup}">: no <TabPanel> inside`)
  return tabs
}

const QUERY_GROUP = /^[a-z][a-z0-9-]*$/

export function Tabs({ queryGroup, children }: { queryGroup: string; children: ReactNode }) {
  if (!QUERY_GROUP.test(queryGroup)) {
    throw new Error(`<Tabs queryGroup="${queryGroup}">: use lower-case letters, digits and dashes`)
  }
  return (
    <TabsClient queryGroup={queryGroup} tabs={collectTabs(children, queryGroup)}>
      {children}
    </TabsClient>
  )
}
