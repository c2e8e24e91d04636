'use client'

import dynamic from 'next/dynamic'

// Its own chunk, fetched only by the page that renders it: the MDX registry reaches every guide,
// and a static import would put the button's code in all of them.
export const TryApp = dynamic(() => import('./TryApp.client').then((module) => module.TryApp))
