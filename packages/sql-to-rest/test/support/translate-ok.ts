import { translate, type RequestModel } from '../../src/index'

/** The request model for SQL the test expects to translate; anything else fails the test loudly. */
export function translateOk(sql: string): RequestModel {
  const result = translate(sql)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.request
}
