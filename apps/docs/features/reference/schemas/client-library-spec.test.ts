import { describe, expect, it } from 'vitest'
import { parseClientLibSpec } from '../load-spec'
import { formatProblem, type SpecResult } from '../spec-problems'

const FILE = 'javascript/v2/spec.yaml'

function messages<T>(result: SpecResult<T>): string[] {
  if (result.ok) throw new Error('expected the spec to be rejected')
  return result.problems.map(formatProblem)
}

const spec = (functions: string) => `info:
  id: supabase-js
  version: 2.45.0
  title: JavaScript
  language: ts
functions:
${functions}`

describe('ClientLibSpecSchema rules between fields', () => {
  it('rejects an example id used twice in one function', () => {
    const fn = `  - id: select
    title: select()
    examples:
      - { id: all-rows, name: All rows, code: select() }
      - { id: all-rows, name: Some rows, code: select('id') }
`
    expect(messages(parseClientLibSpec(spec(fn), FILE))).toEqual([
      `${FILE}:11:11: functions[0].examples[1].id: duplicate example id "all-rows" (first used at index 0)`,
    ])
  })

  it('rejects a parameter documented twice', () => {
    const fn = `  - id: select
    title: select()
    params:
      - name: columns
        type: string
      - name: columns
        type: string[]
`
    expect(messages(parseClientLibSpec(spec(fn), FILE))).toEqual([
      `${FILE}:12:9: functions[0].params[1].name: duplicate parameter "columns" (first used at index 0)`,
    ])
  })

  it('allows the same example id in two functions', () => {
    const fn = (id: string) => `  - id: ${id}
    title: ${id}()
    examples:
      - { id: basic, name: Basic, code: ${id}() }
`
    expect(parseClientLibSpec(spec(fn('select') + fn('insert')), FILE).ok).toBe(true)
  })
})
