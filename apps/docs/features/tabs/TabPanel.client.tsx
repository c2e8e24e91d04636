'use client'

import * as RadixTabs from '@radix-ui/react-tabs'
import type { ReactNode } from 'react'

/**
 * Every panel is in the HTML (forceMount); inactive ones are hidden with CSS, and shown
 * with their label when JavaScript is off (see the noscript rule in Tabs).
 */
export function TabPanel({ id, label, children }: { id: string; label: string; children?: ReactNode }) {
  return (
    <RadixTabs.Content
      value={id}
      forceMount
      className="tab-panel pt-1 data-[state=inactive]:hidden"
    >
      <p className="tab-panel-label hidden text-sm font-semibold">{label}</p>
      {children}
    </RadixTabs.Content>
  )
}
