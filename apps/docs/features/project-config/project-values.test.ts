import { describe, expect, it } from 'vitest'
import { highlightCode } from '@/lib/highlight'
import {
  fillPlaceholders,
  publishProjectValues,
  readProjectValues,
  subscribeProjectValues,
} from './project-values'
import { VARIABLES } from './variable-display'

const SAMPLE = [
  `NEXT_PUBLIC_SUPABASE_URL=${VARIABLES.url.placeholder}`,
  `NEXT_PUBLIC_SUPABASE_ANON_KEY=${VARIABLES.anonKey.placeholder}`,
  'SUPABASE_SERVICE_ROLE_KEY=<your-service-role-key>',
].join('\n')
const VALUES = { url: 'https://abcdefghijklmnopqrst.basebox.co', anonKey: 'eyJhbGciOi.payload.signature' }

describe('fillPlaceholders', () => {
  it('puts each value where its placeholder is, and leaves the rest as written', () => {
    expect(fillPlaceholders(SAMPLE, VALUES)).toBe(
      [
        'NEXT_PUBLIC_SUPABASE_URL=https://abcdefghijklmnopqrst.basebox.co',
        'NEXT_PUBLIC_SUPABASE_ANON_KEY=eyJhbGciOi.payload.signature',
        'SUPABASE_SERVICE_ROLE_KEY=<your-service-role-key>',
      ].join('\n'),
    )
  })

  it('keeps the placeholder of a value the reader does not have', () => {
    expect(fillPlaceholders(SAMPLE, { url: VALUES.url })).toContain(
      `ANON_KEY=${VARIABLES.anonKey.placeholder}`,
    )
  })
})

describe('publishProjectValues', () => {
  it('tells subscribers of a change only', () => {
    let calls = 0
    const stop = subscribeProjectValues(() => calls++)
    publishProjectValues({ ...VALUES })
    publishProjectValues({ ...VALUES })
    expect(calls).toBe(1)
    expect(readProjectValues()).toEqual(VALUES)
    publishProjectValues(null)
    expect(calls).toBe(2)
    stop()
    publishProjectValues(VALUES)
    expect(calls).toBe(2)
    publishProjectValues(null)
  })
})

describe('the highlighted .env sample', () => {
  it('keeps each placeholder whole in one token, so fillCodeText can replace it in place', async () => {
    const html = await highlightCode(SAMPLE, 'dotenv')
    for (const { placeholder } of Object.values(VARIABLES)) {
      const escaped = placeholder.replaceAll('<', '&#x3C;')
      expect(html, placeholder).toMatch(
        new RegExp(`<span style="[^"]*">${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</span>`),
      )
    }
  })
})
