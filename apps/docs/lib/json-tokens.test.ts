import { describe, expect, it } from 'vitest'
import { JSON_TOKEN_COLOURS, jsonTokens } from './json-tokens'

describe('jsonTokens', () => {
  const value = {
    data: [{ title: 'Small Gods', published: 1992, tags: ['a "b"', 'c:d'], score: -1.5e3, ok: true }],
    error: null,
    count: 0,
    statusText: 'OK\n',
  }
  const lines = JSON.stringify(value, null, 2).split('\n')

  it('splits a line, or a whole document, without losing a character', () => {
    for (const text of [...lines, lines.join('\n')])
      expect(
        jsonTokens(text)
          .map((token) => token.text)
          .join(''),
      ).toBe(text)
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
