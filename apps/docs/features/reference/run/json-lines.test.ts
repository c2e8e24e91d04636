import { describe, expect, it } from 'vitest'
import { isWithin, jsonLines, lineShows } from './json-lines'

describe('jsonLines', () => {
  const value = {
    data: [
      { name: 'Mars', moons: [] },
      { name: 'Jupiter', moons: ['Io', 'Europa', 'Ganymede', 'Callisto'] },
    ],
    error: null,
    status: 200,
  }

  it('is JSON, with each value that fits written on one line', () => {
    const lines = jsonLines(value)
    expect(JSON.parse(lines.map((line) => line.text).join('\n'))).toEqual(value)
    expect(lines.map((line) => line.text)).toEqual([
      '{',
      '  "data": [',
      '    { "name": "Mars", "moons": [] },',
      '    {',
      '      "name": "Jupiter",',
      '      "moons": ["Io", "Europa", "Ganymede", "Callisto"]',
      '    }',
      '  ],',
      '  "error": null,',
      '  "status": 200',
      '}',
    ])
  })

  it('tags each line with the path of its value', () => {
    expect(jsonLines(value).map((line) => line.path)).toEqual([
      '',
      'data',
      'data.0',
      'data.1',
      'data.1.name',
      'data.1.moons',
      'data.1',
      'data',
      'error',
      'status',
      '',
    ])
  })

  it('finds the lines that show a difference', () => {
    const lines = jsonLines(value)
    expect(lines.filter((line) => lineShows(line, 'data.0.name')).map((line) => line.text)).toEqual([
      '    { "name": "Mars", "moons": [] },',
    ])
    expect(lines.filter((line) => lineShows(line, 'data.1')).length).toBe(4)
    expect(isWithin('data.10', 'data.1')).toBe(false)
  })
})
