/**
 * A page file as it is served without the framework's runtime: Next's scripts, its route data and
 * the preloads of its chunks go; the islands' script comes in their place. The site's own inline
 * scripts (theme, landing, smooth scroll) and the style sheets stay.
 */

/** `<script src="/_next/…">` (async, or the no-module polyfill), with its end tag. */
const FRAMEWORK_SCRIPT = /<script\b[^>]*\bsrc="\/_next\/[^"]*"[^>]*><\/script>/g
/** The route data (`self.__next_f`) and the bundler's chunk list (`TURBOPACK`), inline. */
const FRAMEWORK_INLINE =
  /<script\b[^>]*>(?:\(?self\.__next_f\b|\(globalThis\["TURBOPACK"\])[\s\S]*?<\/script>/g
/** `<link rel="preload" … as="script" … href="/_next/…">` in either attribute order. */
const FRAMEWORK_PRELOAD =
  /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?=[^>]*\bhref="\/_next\/)[^>]*>/g

export function withoutFramework(html: string, islandsScript: string): string {
  if (!html.includes('</head>')) throw new Error('The page has no </head> to put the islands script before')
  const stripped = html
    .replace(FRAMEWORK_SCRIPT, '')
    .replace(FRAMEWORK_INLINE, '')
    .replace(FRAMEWORK_PRELOAD, '')
  // A module script runs once the document is parsed, so every island is in it by then.
  return stripped.replace('</head>', `<script type="module" src="${islandsScript}"></script></head>`)
}

/** Whether `html` still loads anything of the framework's runtime (checked after the rewrite). */
export function loadsFramework(html: string): boolean {
  return /<script\b[^>]*\bsrc="\/_next\//.test(html) || /self\.__next_f|globalThis\["TURBOPACK"\]/.test(html)
}
