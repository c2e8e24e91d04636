/**
 * What Next writes into the export for its client runtime, which no page loads any more (see
 * without-framework.ts): each page's route data (`guides/x.txt` beside `guides/x.html`, and the
 * router's `__next.*.txt` segment files), its JavaScript chunks, build manifests and media (the
 * bundles' copies of PGlite's files). Only its style sheets stay under `_next`: every page links them.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

/** Route data: a page's `.txt` twin, or one of the router's segment files. */
function isRouteData(name: string, names: ReadonlySet<string>): boolean {
  if (!name.endsWith('.txt')) return false
  return name.startsWith('__next.') || names.has(`${name.slice(0, -'.txt'.length)}.html`)
}

function removeRouteData(dir: string): number {
  const entries = readdirSync(dir, { withFileTypes: true })
  const names = new Set(entries.map((entry) => entry.name))
  let removed = 0
  for (const entry of entries) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== '_next') removed += removeRouteData(full)
    } else if (isRouteData(entry.name, names)) {
      rmSync(full)
      removed++
    }
  }
  return removed
}

/** Everything under `_next` but the style sheets, and the folders that are then empty. */
function removeScriptsAndMedia(dir: string): number {
  let removed = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      removed += removeScriptsAndMedia(full)
      if (readdirSync(full).length === 0) rmSync(full, { recursive: true })
    } else if (!entry.name.endsWith('.css')) {
      rmSync(full)
      removed++
    }
  }
  return removed
}

/** Removes the framework's runtime files from the export in `outDir`; returns how many went. */
export function removeFrameworkFiles(outDir: string): { routeData: number; runtime: number } {
  const frameworkDir = path.join(outDir, '_next')
  const runtime = existsSync(frameworkDir) ? removeScriptsAndMedia(frameworkDir) : 0
  return { routeData: removeRouteData(outDir), runtime }
}
