/**
 * One naming rule for client modules: a file that starts with 'use client' is named `*.client.ts`
 * or `*.client.tsx` (or `*.lazy.tsx`, a client module whose one job is to load another on demand),
 * and a file named so starts with 'use client'. A reader can then tell from the name alone what
 * ships to the browser as a client boundary.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const docsRoot = path.resolve(import.meta.dirname, '..')
const SOURCE_FOLDERS = ['app', 'features', 'components', 'lib']

/** True when the module's first statement is the 'use client' directive (comments may precede it). */
export function startsWithUseClient(source: string): boolean {
  const code = source.replace(/^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, '')
  return /^(['"])use client\1/.test(code)
}

function isClientName(file: string): boolean {
  return /\.client\.tsx?$/.test(file) || /\.lazy\.tsx$/.test(file)
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(docsRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => !entry.parentPath.includes(`${path.sep}__fixtures__`))
    .map((entry) => path.relative(docsRoot, path.join(entry.parentPath, entry.name)))
}

describe('client module names', () => {
  it('recognises the directive only as the first statement', () => {
    expect(startsWithUseClient("'use client'\n\nimport x from 'y'")).toBe(true)
    expect(startsWithUseClient('/** Copy button. */\n"use client"\n')).toBe(true)
    expect(startsWithUseClient("import x from 'y'\n'use client'\n")).toBe(false)
    expect(startsWithUseClient("const label = 'use client'\n")).toBe(false)
  })

  it("names every 'use client' module *.client.ts(x) or *.lazy.tsx, and only those", () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles)
    expect(files.length).toBeGreaterThan(50)
    const misnamed = files.filter(
      (file) => startsWithUseClient(readFileSync(path.join(docsRoot, file), 'utf8')) !== isClientName(file),
    )
    expect(misnamed, "rename the file, or add or drop its 'use client' line").toEqual([])
  })
})
