/**
 * Request bodies as PostgREST 12.2 reads them. Expected values from `src/PostgREST/ApiRequest.hs`
 * at v12.2.12 (`getPayload`, `payloadAttributes`, `csvToJson`) and the InsertSpec bodies.
 */
import { describe, expect, it } from 'vitest'
import { RequestFault, type RequestFaultBody } from '../src/faults'
import { getPayload } from '../src/payload'

const create = { kind: 'mutate', mutation: 'create' } as const
const call = { kind: 'call', read: false } as const

function faultOf(read: () => unknown): RequestFaultBody {
  try {
    read()
  } catch (error) {
    if (error instanceof RequestFault) return error.error
    throw error
  }
  throw new Error('no fault')
}

describe('getPayload', () => {
  it('reads the keys every row shares, sorted as a set', () => {
    const { payload, columns } = getPayload(
      '[{"b":1,"a":2},{"a":3,"b":4}]',
      'application/json',
      undefined,
      create,
    )
    expect(columns).toEqual(['a', 'b'])
    expect(payload).toMatchObject({ kind: 'json', isObject: false })
  })

  it('refuses rows whose keys differ with PGRST102', () => {
    const fault = faultOf(() => getPayload('[{"a":1},{"b":2}]', 'application/json', undefined, create))
    expect(fault.code).toBe('PGRST102')
    expect(fault.postgrest?.message).toBe('All object keys must match')
  })

  it('reads a JSON value that is no object or array as an empty array', () => {
    expect(getPayload('5', undefined, undefined, create)).toEqual({
      payload: { kind: 'json', raw: '[]', value: [], keys: [], isObject: false },
      columns: [],
    })
  })

  it('passes a JSON body with columns= to Postgres unread, the columns as a set', () => {
    expect(getPayload('not json', 'application/json', ['b', 'a', 'b'], create)).toEqual({
      payload: { kind: 'raw-json', raw: 'not json' },
      columns: ['a', 'b'],
    })
  })

  it('reads an empty body of a call as an empty object', () => {
    expect(getPayload('', 'application/json', undefined, call).payload).toMatchObject({
      raw: '{}',
      value: {},
    })
  })

  it('reads CSV with NULL as null, and refuses short lines', () => {
    const { payload } = getPayload('name,age\nAnn,NULL\n"B, b",3', 'text/csv', undefined, create)
    expect(payload).toMatchObject({
      value: [
        { name: 'Ann', age: null },
        { name: 'B, b', age: '3' },
      ],
    })
    expect(faultOf(() => getPayload('a,b\n1', 'text/csv', undefined, create)).postgrest?.message).toBe(
      'All lines must have same number of fields',
    )
  })

  it('reads a form as one object for a table and as fields for a function', () => {
    expect(
      getPayload('a=1&b=x+y', 'application/x-www-form-urlencoded', undefined, create).payload,
    ).toMatchObject({
      value: { a: '1', b: 'x y' },
    })
    expect(getPayload('a=1&a=2', 'application/x-www-form-urlencoded', undefined, call).payload).toEqual({
      kind: 'url-encoded',
      fields: [
        ['a', '1'],
        ['a', '2'],
      ],
      keys: ['a'],
    })
  })

  it('reads no body for a DELETE, and refuses a media type it does not know', () => {
    expect(getPayload('{}', 'application/json', undefined, { kind: 'mutate', mutation: 'delete' })).toEqual({
      columns: [],
    })
    expect(faultOf(() => getPayload('<a/>', 'application/xml', undefined, create)).postgrest?.message).toBe(
      'Content-Type not acceptable: application/xml',
    )
  })
})
