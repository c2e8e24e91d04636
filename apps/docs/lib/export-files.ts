import { readdirSync } from 'node:fs'
import path from 'node:path'

/** Every page of a static export: its `.html` files, outside Next's own `_next` folder. */
export function exportHtmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '_next' ? [] : exportHtmlFiles(full)
    return entry.name.endsWith('.html') ? [full] : []
  })
}
