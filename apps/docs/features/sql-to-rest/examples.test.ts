import { beforeAll, describe, expect, it } from 'vitest'
import * as translator from '@docs/sql-to-rest'
import { sqlExamples } from './examples'
import { translateForTool } from './translate-output'
import { DEFAULT_BASE_URL, MAX_SQL_LENGTH } from './tool-state'

beforeAll(async () => {
  await translator.initTranslator()
})

describe('tool examples', () => {
  it.each(sqlExamples.map((example) => [example.id, example] as const))(
    '%s translates into all three outputs',
    (_id, example) => {
      const output = translateForTool(translator, example.sql, DEFAULT_BASE_URL, 'anon-key')
      expect(output.error, example.sql).toBeUndefined()
      for (const language of ['curl', 'http', 'js'] as const) {
        const result = output.outputs[language]
        expect(result.ok, `${example.id} ${language}`).toBe(true)
        if (result.ok) expect(result.code.length).toBeGreaterThan(0)
      }
    },
  )

  it('covers filters, joins, RPC and every kind of write', () => {
    const curl = sqlExamples.map((example) => {
      const output = translateForTool(translator, example.sql, DEFAULT_BASE_URL, 'k')
      return output.outputs.curl.ok ? output.outputs.curl.code : ''
    })
    expect(curl.some((code) => code.includes('!inner'))).toBe(true)
    expect(curl.some((code) => code.includes('/rpc/search_products'))).toBe(true)
    for (const method of ['POST', 'PATCH', 'DELETE'])
      expect(curl.some((code) => code.includes(`-X ${method}`))).toBe(true)
    expect(curl.some((code) => code.includes('merge-duplicates'))).toBe(true)
  })

  it('refuses oversized input with a message instead of parsing it', () => {
    const output = translateForTool(
      translator,
      `select ${'1,'.repeat(MAX_SQL_LENGTH)}1`,
      DEFAULT_BASE_URL,
      'k',
    )
    expect(output.error?.kind).toBe('unsupported')
    expect(output.error?.message).toMatch(/characters long/)
  })
})
