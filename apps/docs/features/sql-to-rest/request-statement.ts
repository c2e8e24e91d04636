/**
 * The SQL PostgREST 12.2 runs for a request on the sample shop, read from the REST engine without a
 * database: `statementFor` over the sample's schema cache, written out in `sample-schema-cache.ts`.
 * The page loads this module on demand (the REST to SQL direction), never with its first script.
 */
import { statementFor, type ErrorBody } from '@docs/rest-engine'
import { fetchRequest, type RequestModel } from '@docs/sql-to-rest'
import { POSTGREST_VERSION } from './postgrest-version'
import { sampleSchemaCache } from './sample-schema-cache'

export type RequestStatement =
  { ok: true; sql: string; params: unknown[] } | { ok: false; status: number; error: ErrorBody }

export function requestStatement(
  request: RequestModel,
  aggregatesEnabled: boolean,
): Promise<RequestStatement> {
  return statementFor(sampleSchemaCache, fetchRequest(request), { aggregatesEnabled })
}

function parameterText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `'${text.replace(/'/g, "''")}'`
}

/** The statement as the tool shows it: its parameters as comments below, or the refusal as comments. */
export function statementText(statement: RequestStatement): string {
  if (!statement.ok) {
    const { code, message, details, hint } = statement.error
    return [
      `-- PostgREST ${POSTGREST_VERSION} refuses this request: ${statement.status}, ${code}`,
      `-- ${message}`,
      ...(details ? [`-- ${typeof details === 'string' ? details : JSON.stringify(details)}`] : []),
      ...(hint ? [`-- ${typeof hint === 'string' ? hint : JSON.stringify(hint)}`] : []),
    ].join('\n')
  }
  const params = statement.params.map((value, index) => `-- $${index + 1} = ${parameterText(value)}`)
  return params.length === 0 ? statement.sql : `${statement.sql}\n${params.join('\n')}`
}
