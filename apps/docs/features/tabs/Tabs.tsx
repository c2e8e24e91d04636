import { Children, isValidElement, type ReactNode } from 'react'
import { Island } from '@/components/ui/Island'
import { pageUniqueId } from '@/lib/page-ids'
import { TabsClient, type TabDescriptor } from './Tabs.client'

interface PanelProps {
  id?: unknown
  label?: unknown
  children?: ReactNode
}

/**
 * `<TabPanel id label>` in MDX: one panel of the `<Tabs>` around it, which reads its props and
 * renders it. Alone it has no tab to belong to.
 */
export function TabPanel({ id }: { id: string; label?: string; children?: ReactNode }): never {
  throw new Error(`<TabPanel id="${id}">: put it inside <Tabs>`)
}

/** Reads the panels' ids, labels and content on the server, so the client gets a plain list. */
export function collectPanels(
  children: ReactNode,
  queryGroup: string,
): (TabDescriptor & { content: ReactNode })[] {
  const panels: (TabDescriptor & { content: ReactNode })[] = []
  Children.forEach(children, (child) => {
    if (!isValidElement<PanelProps>(child)) return
    const { id, label, children: content } = child.props
    if (typeof id !== 'string' || id === '') {
      throw new Error(`<Tabs queryGroup="${queryGroup}">: every <TabPanel> needs an id`)
    }
    if (panels.some((panel) => panel.id === id)) {
      throw new Error(`<Tabs queryGroup="${queryGroup}">: duplicate panel id "${id}"`)
    }
    panels.push({ id, label: typeof label === 'string' && label ? label : id, content })
  })
  if (panels.length === 0) throw new Error(`<Tabs queryGroup="${queryGroup}">: no <TabPanel> inside`)
  return panels
}

const QUERY_GROUP = /^[a-z][a-z0-9-]*$/

export function Tabs({ queryGroup, children }: { queryGroup: string; children: ReactNode }) {
  if (!QUERY_GROUP.test(queryGroup)) {
    throw new Error(`<Tabs queryGroup="${queryGroup}">: use lower-case letters, digits and dashes`)
  }
  const panels = collectPanels(children, queryGroup)
  const idBase = pageUniqueId(`tabs-${queryGroup}`)
  return (
    <Island
      name="Tabs"
      component={TabsClient}
      props={{ queryGroup, idBase, tabs: panels.map(({ id, label }) => ({ id, label })) }}
      slots={{ panels: panels.map((panel) => panel.content) }}
    />
  )
}
