'use client'

import dynamic from 'next/dynamic'

// Radix Tabs is fetched only by pages that have a tab group; the server-rendered panels show
// until it arrives, so nothing moves.
export const TabsClient = dynamic(() => import('./TabsClient').then((module) => module.TabsClient))
export const TabPanel = dynamic(() => import('./TabPanel').then((module) => module.TabPanel))
