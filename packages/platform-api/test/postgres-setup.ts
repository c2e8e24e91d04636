/**
 * Gives the tests a PostgreSQL server to create databases on: PLATFORM_API_TEST_DATABASE_URL when
 * set (`npm test` starts a throwaway server and sets it), else a throwaway server of our own when
 * PostgreSQL is installed. Without either, the PostgreSQL half of the store's tests is skipped.
 */
import type { TestProject } from 'vitest/node'
import { findPostgresBinaries, startThrowawayCluster } from '../../../scripts/postgres/throwaway-cluster.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.PLATFORM_API_TEST_DATABASE_URL?.trim()
  if (given) {
    project.provide('postgresUrl', given)
    return
  }
  if (!findPostgresBinaries()) {
    console.warn('PostgreSQL is not installed: the store tests run on PGlite only.')
    project.provide('postgresUrl', '')
    return
  }
  const cluster = await startThrowawayCluster()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
