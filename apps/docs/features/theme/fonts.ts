/**
 * The site's two typefaces, the Latin files of the @fontsource-variable packages, served through
 * next/font. It preloads them from the page head, so text is laid out in its own face from the
 * first paint instead of reflowing when the face arrives (that swap moved the whole home page),
 * and gives the sans face a metric-adjusted fallback for connections too slow for that.
 * next/font/local takes a path relative to this file only, hence the path into node_modules.
 */
import localFont from 'next/font/local'

export const inter = localFont({
  src: '../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter',
  fallback: ['ui-sans-serif', 'system-ui', 'sans-serif'],
})

export const jetbrainsMono = localFont({
  src: '../../../../node_modules/@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2',
  weight: '100 800',
  variable: '--font-jetbrains-mono',
  // An Arial stand-in resized to the mono's width would break code alignment: fall back to a real
  // monospace face instead.
  adjustFontFallback: false,
  fallback: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
})
