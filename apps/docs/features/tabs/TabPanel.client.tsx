'use client'

import { TabContent } from './tab-set.client'
import type { ReactNode } from 'react'

/**
 * Every panel is in the HTML (keepMounted); inactive ones are hidden with CSS, and shown
 * with their label when JavaScript is off (see the noscript rule in Tabs).
 */
export function TabPanel({ id, label, children }: { id: string; label: string; children?: ReactNode }) {
  return (
    <TabContent value={id} keepMounted className="tab-panel pt-1 data-[state=inactive]:hidden">
      <p className="tab-panel-label hidden text-sm font-semibold">{label}</p>
      {children}
    </TabContent>
  )
}
