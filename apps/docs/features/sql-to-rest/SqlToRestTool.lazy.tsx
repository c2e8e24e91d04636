'use client'

import dynamic from 'next/dynamic'

// Its own chunk, fetched only by pages that render it: the MDX registry reaches every guide
// and reference page, and a static import would put this code in all of them.
export const SqlToRestTool = dynamic(() =>
  import('./SqlToRestTool.client').then((module) => module.SqlToRestTool),
)
