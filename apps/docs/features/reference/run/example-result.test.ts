import { describe, expect, it } from 'vitest'
import { AuthApiError } from '@supabase/supabase-js'
import {
  CALL_RESULT_FIELDS,
  compareResults,
  describeDifference,
  documentedResult,
  resultOf,
} from './example-result'

const documented = documentedResult({
  data: [{ id: 1, name: 'Mercury', created_at: '2024-05-01T10:00:00Z' }],
  status: 201,
  statusText: 'Created',
})

describe('documentedResult', () => {
  it('reads a field the response leaves out as null', () => {
    expect(documented).toMatchObject({ error: null, count: null })
  })

  it('refuses a field the client does not return', () => {
    expect(() => documentedResult({ rows: [], status: 200, statusText: 'OK' })).toThrow(/no field rows/)
  })
})

describe('compareResults', () => {
  const returned = (data: unknown, status = 201) =>
    resultOf({ data, error: null, count: null, status, statusText: 'Created' })

  it('finds nothing when the result is the documented one', () => {
    expect(
      compareResults(documented, returned([{ id: 1, name: 'Mercury', created_at: '2024-05-01T10:00:00Z' }])),
    ).toEqual([])
  })

  it('names each difference by its path, a missing row and an extra field included', () => {
    const differences = compareResults(
      documented,
      returned([{ id: 1, name: 'Mars', created_at: '2024-05-01T10:00:00Z', moons: 2 }, { id: 2 }], 200),
    ).map(describeDifference)
    expect(differences).toEqual([
      'data.0.name: documented "Mercury", returned "Mars"',
      'data.0.moons: documented nothing, returned 2',
      'data.1: documented nothing, returned {"id":2}',
      'status: documented 201, returned 200',
    ])
  })

  it('compares a varying field by its type only', () => {
    const later = returned([{ id: 7, name: 'Mercury', created_at: '2026-11-27T06:00:00Z' }])
    expect(compareResults(documented, later, ['data.*.id', 'data.0.created_at'])).toEqual([])
    const wrongType = returned([{ id: '7', name: 'Mercury', created_at: null }])
    expect(
      compareResults(documented, wrongType, ['data.*.id', 'data.0.created_at']).map((d) => d.path),
    ).toEqual(['data.0.id', 'data.0.created_at'])
  })

  it('keeps the four fields of an error the client threw', () => {
    const thrown = Object.assign(new Error('duplicate key'), {
      code: '23505',
      details: 'Key (id)=(1)',
      hint: null,
    })
    const result = resultOf({ data: null, error: thrown, count: null, status: 409, statusText: 'Conflict' })
    expect(result.error).toEqual({
      code: '23505',
      details: 'Key (id)=(1)',
      hint: null,
      message: 'duplicate key',
    })
  })
})

describe('an auth or storage call', () => {
  it('is { data, error }: its documented response has no status, and its error is what supabase-js gives', () => {
    expect(() => documentedResult({ data: null, status: 200 }, CALL_RESULT_FIELDS)).toThrow(/no field status/)
    const error = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')
    const returned = resultOf({ data: { user: null, session: null }, error })
    expect(returned).toEqual({
      data: { user: null, session: null },
      error: {
        name: 'AuthApiError',
        message: 'Invalid login credentials',
        status: 400,
        code: 'invalid_credentials',
      },
    })
    const documented = documentedResult({ data: { user: null, session: null } }, CALL_RESULT_FIELDS)
    expect(compareResults(documented, returned).map((difference) => difference.path)).toEqual(['error'])
  })
})
