/**
 * The REST side of the semantic tests: the REST engine (PostgREST 12.2 over PGlite), every
 * request rolled back, with aggregates enabled as the tool assumes, exposing the test schemas.
 */
import { createRestHandler } from '@docs/rest-engine'
import { TableSnapshots, type SqlClient } from '../../src/index'

export function restEngine(db: SqlClient, schemas: string[] = ['public']) {
  const snapshots = new TableSnapshots()
  const handle = createRestHandler(db, {
    schemas,
    aggregatesEnabled: true,
    transactionEnd: 'rollback',
    inspect: snapshots.inspect,
  })
  return { handle, snapshots }
}

export const LIBRARY_SCHEMAS = ['public', 'library', 'api']
