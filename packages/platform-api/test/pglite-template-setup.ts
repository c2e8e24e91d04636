/**
 * An empty PGlite data folder, made once for the whole run: each PGlite database of the tests is
 * a copy of it (store/test-databases.ts). Making one runs initdb, which takes seconds on an idle
 * machine and tens of seconds on a busy one; copying the folder takes a fraction of that.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'platform-api-pglite-template-'))
  const dataDir = path.join(root, 'data')
  const db = await PGlite.create(dataDir)
  await db.close()
  project.provide('pgliteTemplateDir', dataDir)
  return () => rmSync(root, { recursive: true, force: true })
}
