import { beforeAll, describe, expect, it } from 'vitest'
import { initTranslator } from '../src/index'
import { computeOutcome, expectedOutcome, loadGoldenFiles } from './support/golden-cases'

beforeAll(() => initTranslator())

const files = loadGoldenFiles()

describe('golden cases', () => {
  it('has at least 150 cases with unique names', () => {
    const names = files.flatMap(({ file, cases }) => cases.map((entry) => `${file}: ${entry.name}`))
    expect(names.length).toBeGreaterThanOrEqual(150)
    expect(new Set(names).size).toBe(names.length)
  })

  for (const { file, cases } of files) {
    describe(file, () => {
      for (const entry of cases) {
        it(entry.name, () => {
          const expected = expectedOutcome(entry)
          expect(Object.keys(expected).length, 'case has no recorded outcome').toBeGreaterThan(0)
          expect(computeOutcome(entry.sql)).toEqual(expected)
        })
      }
    })
  }
})
