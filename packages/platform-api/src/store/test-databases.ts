/**
 * The two backends every store test runs on: PGlite in a temporary folder, and a fresh database
 * on the PostgreSQL server the global setup provides (skipped when there is none).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { DatabaseLocation } from './database'

export interface TestBackend {
  name: 'PGlite' | 'PostgreSQL'
  /** Why the backend cannot run here, or undefined. */
  skip?: string
  /** A new database without tables; open it as often as needed. */
  newLocation(): Promise<DatabaseLocation>
  /** Removes every database made by newLocation. */
  cleanUp(): Promise<void>
}

/**
 * How long opening databases may take in a test: a PGlite folder copied from the run's template
 * opens in 1 to 2 s idle and up to about 20 s with both cores oversubscribed (a new one ran
 * initdb: 8 to 13 s more); a database on the PostgreSQL server takes well under a second.
 */
export const OPEN_DATABASE_MS = 30_000
export const timeoutForOpening = (databases: number) => databases * OPEN_DATABASE_MS

function pgliteBackend(): TestBackend {
  const dirs: string[] = []
  // An empty data folder made once per run (test/pglite-template-setup.ts); copying it skips initdb.
  const template = inject('pgliteTemplateDir')
  return {
    name: 'PGlite',
    async newLocation() {
      const dir = mkdtempSync(path.join(tmpdir(), 'platform-api-store-'))
      dirs.push(dir)
      const dataDir = path.join(dir, 'data')
      if (template) cpSync(template, dataDir, { recursive: true })
      return { dataDir }
    },
    async cleanUp() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
    },
  }
}

function postgresBackend(serverUrl: string): TestBackend {
  const names: string[] = []
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  return {
    name: 'PostgreSQL',
    skip: serverUrl ? undefined : 'no PostgreSQL server (install the postgresql package)',
    async newLocation() {
      const name = `platform_api_test_${process.pid}_${names.length}_${Date.now()}`
      await admin((client) => client.query(`create database ${name}`))
      names.push(name)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return { databaseUrl: url.href }
    },
    async cleanUp() {
      const dropping = names.splice(0)
      if (dropping.length === 0) return
      await admin(async (client) => {
        for (const name of dropping) await client.query(`drop database if exists ${name} with (force)`)
      })
    },
  }
}

export function testBackends(): TestBackend[] {
  return [pgliteBackend(), postgresBackend(inject('postgresUrl'))]
}
