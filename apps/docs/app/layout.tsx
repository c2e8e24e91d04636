import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { Footer } from '@/features/layout/components'
import { Header } from '@/features/layout/components'
import { pathGuardScript } from '@/features/layout'
import { SkipLink } from '@/features/layout/components'
import { themeScript } from '@/features/theme'
import { smoothScrollScript } from '@/features/layout'
import { siteConfig } from '@/lib/site-config'
import { collapseStatic } from '@/lib/static-markup'
import './globals.css'

export const metadata: Metadata = {
  metadataBase: new URL(siteConfig.siteUrl),
  title: { default: `${siteConfig.productName} Docs`, template: `%s | ${siteConfig.productName} Docs` },
  description: siteConfig.tagline,
  openGraph: { siteName: `${siteConfig.productName} Docs`, type: 'website' },
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#121417' },
  ],
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: pathGuardScript }} />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <script dangerouslySetInnerHTML={{ __html: smoothScrollScript }} />
        <noscript>
          <style>{`.tab-panel[data-state=inactive],.tab-panel-label,.sms-setups{display:block!important}`}</style>
        </noscript>
      </head>
      <body>
        <SkipLink />
        <Header />
        {children}
        {await collapseStatic(<Footer />)}
      </body>
    </html>
  )
}
