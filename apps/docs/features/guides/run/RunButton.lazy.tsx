'use client'

import dynamic from 'next/dynamic'

// Its own chunk, fetched only by pages with a runnable example: every guide renders code blocks
// through the same component, and a static import would put the button in all of them.
export const RunButton = dynamic(() => import('./RunButton.client').then((module) => module.RunButton))
