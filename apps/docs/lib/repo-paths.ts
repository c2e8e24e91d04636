import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

let cachedRoot: string | undefined

/** The repository root: the nearest folder above the docs app whose package.json declares workspaces. */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot
  let dir = process.cwd()
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).workspaces) {
      cachedRoot = dir
      return dir
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Could not find the repository root (package.json with workspaces)')
    dir = parent
  }
}

/** The docs app folder (apps/docs). */
export function docsRoot(): string {
  return path.join(repoRoot(), 'apps', 'docs')
}
