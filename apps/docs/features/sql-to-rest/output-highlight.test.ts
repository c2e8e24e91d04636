import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import * as translator from '@docs/sql-to-rest'
import { sqlExamples } from './examples'
import { CODE_COLOURS } from '@/lib/code-colours'
import {
  highlightHttp,
  highlightJs,
  highlightJson,
  highlightOutput,
  highlightShell,
  maskSecret,
  type MaskedPiece,
  type Token,
  type TokenKind,
} from './output-highlight'
import { DEFAULT_BASE_URL, OUTPUT_LANGUAGES } from './tool-state'
import { translateForTool } from './translate-output'

beforeAll(async () => {
  await translator.initTranslator()
})

const joined = (pieces: MaskedPiece[]) => pieces.map((piece) => ('text' in piece ? piece.text : '')).join('')

/** The text of every token of one kind, in order. */
const ofKind = (tokens: Token[], kind: TokenKind) =>
  tokens.filter((token) => token.kind === kind).map((token) => token.text)

describe('the outputs keep their text', () => {
  it('for every example in every language', () => {
    for (const example of sqlExamples) {
      const output = translateForTool(translator, example.sql, DEFAULT_BASE_URL, 'anon.key.value')
      for (const language of OUTPUT_LANGUAGES) {
        const result = output.outputs[language]
        if (!result.ok) throw new Error(`${example.id} ${language} did not render`)
        expect(joined(highlightOutput(result.code, language)), `${example.id} ${language}`).toBe(result.code)
      }
    }
  })

  it('for unfinished and hostile text', () => {
    const inputs = [
      '',
      "'unterminated",
      '"open $VAR',
      '\\',
      'a\\',
      '/* never closed',
      '`template ${x}',
      'GET',
      'HTTP/1.1 200 OK\n\n{"a":',
      '\n\n\n',
      '\u0000\u0001\uFFFD\uD83D junk \u0007',
      "<script>alert('x')</script>",
      '{"key" : [1, -2.5e3, true, null, "v"]}',
    ]
    for (const input of inputs) {
      for (const language of OUTPUT_LANGUAGES) {
        expect(joined(highlightOutput(input, language)), `${language} ${JSON.stringify(input)}`).toBe(input)
      }
    }
  })
})

describe('curl (shell)', () => {
  const code = [
    "curl 'http://localhost:54321/rest/v1/products?select=id' \\",
    '  -X POST \\',
    '  --head \\',
    '  -H "apikey: $SUPABASE_ANON_KEY" \\',
    "  -d '{\"name\":\"it'\\''s\"}' # sends JSON",
  ].join('\n')
  const tokens = highlightShell(code)

  it('colours the program, flags, quoted text, continuations and comments', () => {
    expect(ofKind(tokens, 'command')).toEqual(['curl'])
    expect(ofKind(tokens, 'constant')).toEqual(['-X', '--head', '-H', '-d'])
    expect(ofKind(tokens, 'comment')).toEqual(['# sends JSON'])
    expect(ofKind(tokens, 'string')).toEqual([
      "'http://localhost:54321/rest/v1/products?select=id'",
      '"apikey: ',
      '"',
      '\'{"name":"it\'',
      "'s\"}'",
    ])
    expect(ofKind(tokens, 'keyword')).toEqual(['\\\n', '\\\n', '\\\n', '\\\n', "\\'"])
  })

  it('leaves the method word and the shell variable in the text colour', () => {
    const plain = tokens.filter((token) => token.kind === undefined).map((token) => token.text.trim())
    expect(plain).toContain('POST')
    expect(plain).toContain('$SUPABASE_ANON_KEY')
  })

  it('starts a new command after a newline without a continuation', () => {
    expect(ofKind(highlightShell('export KEY=1\ncurl -s x | jq .'), 'command')).toEqual([
      'export',
      'curl',
      'jq',
    ])
  })
})

describe('raw HTTP', () => {
  it('colours the request line, header names and values, and a JSON body', () => {
    const tokens = highlightHttp(
      'POST /rest/v1/products?select=id HTTP/1.1\nHost: localhost:54321\nPrefer: return=representation\n\n{"name":"Mug","price":14.5,"image":null}',
    )
    expect(ofKind(tokens, 'keyword')).toEqual(['POST', 'HTTP', ':', ':'])
    expect(ofKind(tokens, 'constant')).toEqual(['1.1', '14.5', 'null'])
    expect(ofKind(tokens, 'property')).toEqual(['Host', 'Prefer', '"name"', '"price"', '"image"'])
    expect(ofKind(tokens, 'string')).toEqual(['localhost:54321', 'return=representation', '"Mug"'])
    // The request target is a path, shown in the text colour.
    expect(tokens.find((token) => token.text.includes('/rest/v1/'))?.kind).toBeUndefined()
  })

  it('reads a status line too', () => {
    const tokens = highlightHttp('HTTP/1.1 206 Partial Content\nContent-Range: 0-9/38')
    expect(ofKind(tokens, 'keyword')).toEqual(['HTTP', ':'])
    expect(ofKind(tokens, 'constant')).toEqual(['1.1', '206'])
    expect(ofKind(tokens, 'property')).toEqual(['Content-Range'])
  })

  it('leaves a body that is not JSON in the text colour', () => {
    const tokens = highlightHttp('POST /x HTTP/1.1\n\nname=Mug&price=3')
    expect(tokens[tokens.length - 1]).toEqual({ text: '\n\nname=Mug&price=3' })
  })
})

describe('JSON', () => {
  it('tells keys from string values', () => {
    const tokens = highlightJson('[{"a" : "b", "c": [1, -2, true]}]')
    expect(ofKind(tokens, 'property')).toEqual(['"a"', '"c"'])
    expect(ofKind(tokens, 'string')).toEqual(['"b"'])
    expect(ofKind(tokens, 'constant')).toEqual(['1', '-2', 'true'])
  })

  it('colours an escape inside a string as the code blocks do', () => {
    const tokens = highlightJson('{"note": "a \\"b\\""}')
    expect(ofKind(tokens, 'keyword')).toEqual(['\\"', '\\"'])
    expect(ofKind(tokens, 'string')).toEqual(['"a ', 'b', '"'])
  })
})

describe('supabase-js (JavaScript)', () => {
  const code = [
    '// the ten newest',
    'const { data, error } = await supabase',
    "  .from('products')",
    "  .select('id, name')",
    "  .insert({ name: 'it\\'s', price: 14.5, image: null })",
    "  .order('price', { ascending: false }) /* then */",
    '  .range(0, 9)',
  ].join('\n')
  const tokens = highlightJs(code)

  it('colours keywords, calls, strings, numbers, literals and comments', () => {
    expect(ofKind(tokens, 'keyword')).toEqual(['const', '=', 'await'])
    expect(ofKind(tokens, 'function')).toEqual(['from', 'select', 'insert', 'order', 'range'])
    expect(ofKind(tokens, 'string')).toEqual(["'products'", "'id, name'", "'it\\'s'", "'price'"])
    expect(ofKind(tokens, 'constant')).toEqual(['14.5', 'null', 'false', '0', '9'])
    expect(ofKind(tokens, 'comment')).toEqual(['// the ten newest', '/* then */'])
  })

  it('does not take a method named like a keyword for a keyword', () => {
    const tokens = highlightJs("supabase.from('t').delete().in('id', [1, 2])")
    expect(ofKind(tokens, 'keyword')).toEqual([])
    expect(ofKind(tokens, 'function')).toEqual(['from', 'delete', 'in'])
  })
})

describe('maskSecret', () => {
  const secret = 'eyJ.abc.def'

  it('puts one marker per occurrence, in the colour of the token around it', () => {
    const tokens = highlightShell(`curl x -H 'apikey: ${secret}' -H 'Authorization: Bearer ${secret}'`)
    const pieces = maskSecret(tokens, secret)
    expect(pieces.filter((piece) => 'secret' in piece)).toEqual([
      { secret: true, kind: 'string' },
      { secret: true, kind: 'string' },
    ])
    expect(joined(pieces)).toBe("curl x -H 'apikey: ' -H 'Authorization: Bearer '")
  })

  it('handles a secret that spans several tokens', () => {
    const tokens: Token[] = [{ text: 'a ey' }, { text: 'J.abc', kind: 'string' }, { text: '.def z' }]
    expect(maskSecret(tokens, secret)).toEqual([{ text: 'a ' }, { secret: true }, { text: ' z' }])
  })

  it('returns the tokens unchanged when the secret is absent or empty', () => {
    const tokens = highlightJs("supabase.from('t')")
    expect(maskSecret(tokens, secret)).toBe(tokens)
    expect(maskSecret(tokens, '')).toBe(tokens)
  })
})

/** The value of a custom property in one rule block of the site's stylesheet. */
function themeValue(css: string, selector: ':root' | '.dark', property: string): string {
  const block = css.match(new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`))?.[1] ?? ''
  const value = block.match(new RegExp(`${property}:\\s*(#[0-9a-fA-F]{6})`))?.[1]
  if (!value) throw new Error(`${property} not found in ${selector}`)
  return value
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}

describe('token colours', () => {
  const css = readFileSync(path.resolve(import.meta.dirname, '../../app/globals.css'), 'utf8')

  it('meet WCAG AA (4.5:1) on the code background and the key chip in both themes', () => {
    const failures: string[] = []
    for (const [theme, selector] of [
      ['light', ':root'],
      ['dark', '.dark'],
    ] as const) {
      for (const background of ['--code-bg', '--surface-strong']) {
        const bg = themeValue(css, selector, background)
        for (const [kind, colors] of Object.entries(CODE_COLOURS)) {
          const ratio = contrast(colors[theme], bg)
          if (ratio < 4.5)
            failures.push(`${kind} ${colors[theme]} on ${theme} ${background} ${bg}: ${ratio.toFixed(2)}`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})
