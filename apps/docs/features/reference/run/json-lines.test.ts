import { describe, expect, it } from 'vitest'
import { isWithin, JSON_TOKEN_COLOURS, jsonLines, jsonTokens, lineShows } from './json-lines'

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

describe('jsonTokens', () => {
  const value = {
    data: [{ title: 'Small Gods', published: 1992, tags: ['a "b"', 'c:d'], score: -1.5e3, ok: true }],
    error: null,
    count: 0,
    statusText: 'OK',
  }
  const lines = jsonLines(value).map((line) => line.text)

  it('splits each line without losing a character', () => {
    for (const line of lines)
      expect(
        jsonTokens(line)
          .map((token) => token.text)
          .join(''),
      ).toBe(line)
  })

  it("colours every character as Shiki colours the page's JSON, in both themes", async () => {
    const { codeToTokens } = await import('shiki')
    for (const [theme, mode] of [
      ['github-light-high-contrast', 'light'],
      ['github-dark-high-contrast', 'dark'],
    ] as const) {
      const { tokens } = await codeToTokens(lines.join('\n'), { lang: 'json', theme })
      tokens.forEach((shikiLine, index) => {
        const ours = jsonTokens(lines[index]!).flatMap((token) =>
          [...token.text].map((char) => ({ char, colour: JSON_TOKEN_COLOURS[token.kind][mode] })),
        )
        const theirs = shikiLine.flatMap((token) =>
          [...token.content].map((char) => ({ char, colour: token.color?.toUpperCase() })),
        )
        // Spaces have no visible colour; every other character must match.
        const visible = (chars: { char: string; colour?: string }[]) =>
          chars.filter(({ char }) => char.trim())
        expect(visible(ours), `${mode}: ${lines[index]}`).toEqual(visible(theirs))
      })
    }
  })
})
