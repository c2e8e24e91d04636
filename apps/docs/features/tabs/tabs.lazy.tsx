'use client'

import dynamic from 'next/dynamic'

// Radix Tabs is fetched only by pages that have a tab group; the server-rendered panels show
// until it arrives, so nothing moves.
export const TabsClient = dynamic(() => import('./Tabs.client').then((module) => module.TabsClient))
export const TabPanel = dynamic(() => import('./TabPanel.client').then((module) => module.TabPanel))
