import { PGlite } from '@electric-sql/pglite'
import { POSTGREST_VERSION as ENGINE_VERSION, readSchemaCache } from '@docs/rest-engine'
import { sampleDataSql, sampleSchemaSql } from '@docs/sql-to-rest/sample'
import { describe, expect, it } from 'vitest'
import { POSTGREST_VERSION } from './postgrest-version'
import { sampleSchemaCache } from './sample-schema-cache'

describe('the sample schema cache written out for the page', () => {
  it('is what the engine reads from a database loaded with the sample', async () => {
    const db = await PGlite.create()
    try {
      await db.exec(sampleSchemaSql)
      await db.exec(sampleDataSql())
      expect(sampleSchemaCache).toEqual(await readSchemaCache(db))
    } finally {
      await db.close()
    }
    // Starting PGlite (initdb) and loading the sample: seconds idle, about 30 s on a busy core.
  }, 90_000)

  it('goes with the PostgREST version the engine follows, which the page names', () => {
    expect(POSTGREST_VERSION).toBe(ENGINE_VERSION)
  })
})
