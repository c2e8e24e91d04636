/**
 * Syntax colours for the three outputs (curl, raw HTTP, supabase-js). The outputs change on every
 * keystroke, so this is a small single-pass tokenizer per language, not a grammar engine: a few
 * microseconds for an output of a few hundred characters, and no extra download. It only colours;
 * the text of the tokens joined back together is always the input, unchanged.
 */
import { CODE_COLOURS, type CodeRole } from '@/lib/code-colours'
import { jsonTokens, type JsonToken } from '@/lib/json-tokens'
import type { OutputLanguage } from './tool-state'

/** The roles of the site's code colours (lib/code-colours.ts), so the outputs read like every other code sample. */
export type TokenKind = Exclude<CodeRole, 'text'>

export interface Token {
  text: string
  /** `undefined`: shown in the code's text colour. */
  kind?: TokenKind
}

/** A CSS colour that follows the `color-scheme` the theme switch sets on the page. */
export function tokenColor(kind: TokenKind): string {
  const { light, dark } = CODE_COLOURS[kind]
  return `light-dark(${light}, ${dark})`
}

/** Appends a token, merging it into the previous one when both have the same kind. */
function push(tokens: Token[], text: string, kind?: TokenKind): void {
  if (text === '') return
  const last = tokens[tokens.length - 1]
  if (last && last.kind === kind) last.text += text
  else tokens.push(kind === undefined ? { text } : { text, kind })
}

/** The end of a quoted run starting at `start` (exclusive), honouring backslash escapes if asked. */
function quotedEnd(code: string, start: number, quote: string, escapes: boolean): number {
  let index = start + 1
  while (index < code.length) {
    const char = code[index]
    if (escapes && char === '\\') index += 2
    else if (char === quote) return index + 1
    else index += 1
  }
  return code.length
}

const SHELL_WORD_END = /[\s'"\\;|&#]/

/** A POSIX shell command line, as the curl output writes it. */
export function highlightShell(code: string): Token[] {
  const tokens: Token[] = []
  let index = 0
  // The first word of each command is the program; words after it are its arguments.
  let expectCommand = true
  while (index < code.length) {
    const char = code[index]!
    if (char === '\\') {
      // A line continuation or an escaped character outside quotes.
      push(tokens, code.slice(index, index + 2), 'keyword')
      index += 2
      continue
    }
    if (char === '\n') {
      push(tokens, char)
      expectCommand = true
      index += 1
      continue
    }
    if (/\s/.test(char)) {
      push(tokens, char)
      index += 1
      continue
    }
    if (char === ';' || char === '|' || char === '&') {
      push(tokens, char, 'keyword')
      expectCommand = true
      index += 1
      continue
    }
    if (char === '#') {
      const end = code.indexOf('\n', index)
      const stop = end === -1 ? code.length : end
      push(tokens, code.slice(index, stop), 'comment')
      index = stop
      continue
    }
    if (char === "'") {
      const end = quotedEnd(code, index, "'", false)
      push(tokens, code.slice(index, end), 'string')
      index = end
      expectCommand = false
      continue
    }
    if (char === '"') {
      const end = quotedEnd(code, index, '"', true)
      // `$NAME` inside double quotes is filled in by the shell: shown in the text colour.
      const quoted = code.slice(index, end)
      let last = 0
      for (const match of quoted.matchAll(/\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)/g)) {
        push(tokens, quoted.slice(last, match.index), 'string')
        push(tokens, match[0])
        last = match.index + match[0].length
      }
      push(tokens, quoted.slice(last), 'string')
      index = end
      expectCommand = false
      continue
    }
    let end = index + 1
    while (end < code.length && !SHELL_WORD_END.test(code[end]!)) end += 1
    const word = code.slice(index, end)
    push(tokens, word, expectCommand ? 'command' : word.startsWith('-') ? 'constant' : undefined)
    expectCommand = false
    index = end
  }
  return tokens
}

/** Kinds of the site's JSON tokens in this palette: the same colours Shiki gives them. */
const JSON_KINDS: Record<JsonToken['kind'], TokenKind | undefined> = {
  key: 'property',
  string: 'string',
  escape: 'keyword',
  number: 'constant',
  literal: 'constant',
  punctuation: undefined,
}

/** A JSON body, coloured as the page's code blocks colour JSON. */
export function highlightJson(code: string): Token[] {
  const tokens: Token[] = []
  for (const token of jsonTokens(code)) push(tokens, token.text, JSON_KINDS[token.kind])
  return tokens
}

/** A raw HTTP/1.1 message: request (or status) line, header fields, a blank line, the body. */
export function highlightHttp(code: string): Token[] {
  const tokens: Token[] = []
  const blank = code.search(/\r?\n\r?\n/)
  const head = blank === -1 ? code : code.slice(0, blank)
  const lines = head.split('\n')
  lines.forEach((line, number) => {
    if (number > 0) push(tokens, '\n')
    if (number === 0) {
      highlightStartLine(tokens, line)
      return
    }
    const colon = line.indexOf(':')
    if (colon <= 0) {
      push(tokens, line)
      return
    }
    push(tokens, line.slice(0, colon), 'property')
    push(tokens, ':', 'keyword')
    const value = line.slice(colon + 1)
    const space = value.match(/^\s*/)![0]
    push(tokens, space)
    push(tokens, value.slice(space.length), 'string')
  })
  if (blank !== -1) {
    const separator = code.slice(blank).match(/^\r?\n\r?\n/)![0]
    push(tokens, separator)
    const body = code.slice(blank + separator.length)
    if (/^\s*[[{]/.test(body)) for (const token of highlightJson(body)) push(tokens, token.text, token.kind)
    else push(tokens, body)
  }
  return tokens
}

function highlightStartLine(tokens: Token[], line: string): void {
  const version = (text: string) => {
    const match = text.match(/^(HTTP)(\/)(\d+(?:\.\d+)?)$/)
    if (!match) return false
    push(tokens, match[1]!, 'keyword')
    push(tokens, match[2]!)
    push(tokens, match[3]!, 'constant')
    return true
  }
  const parts = line.split(/( +)/)
  // A response: `HTTP/1.1 200 OK`.
  if (parts[0]?.startsWith('HTTP/')) {
    parts.forEach((part, index) => {
      if (index === 0 && version(part)) return
      push(tokens, part, index === 2 && /^\d{3}$/.test(part) ? 'constant' : undefined)
    })
    return
  }
  // A request: `GET /rest/v1/books?select=* HTTP/1.1`.
  parts.forEach((part, index) => {
    if (index === 0 && /^[A-Z]+$/.test(part)) push(tokens, part, 'keyword')
    else if (index === parts.length - 1 && index > 0 && version(part)) return
    else push(tokens, part)
  })
}

const JS_KEYWORDS = new Set([
  'as',
  'async',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'default',
  'delete',
  'do',
  'else',
  'export',
  'extends',
  'finally',
  'for',
  'from',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'let',
  'new',
  'of',
  'return',
  'switch',
  'throw',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'yield',
])
const JS_CONSTANTS = new Set(['true', 'false', 'null', 'undefined', 'NaN', 'Infinity', 'this'])
const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/y
const NUMBER = /(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?n?|\.\d+)/y
const OPERATOR = /(?:=>|[=!]==?|[<>]=?|&&|\|\||\?\?|[+\-*/%]=?|[=!?])/y
const BEFORE_CALL = /\s*\(/y

/** JavaScript as the supabase-js output writes it. */
export function highlightJs(code: string): Token[] {
  const tokens: Token[] = []
  let index = 0
  // The last character before `index` that is not white space: a `.` makes a name a member.
  let previous = ''
  const sticky = (pattern: RegExp) => {
    pattern.lastIndex = index
    return pattern.exec(code)?.[0]
  }
  while (index < code.length) {
    const char = code[index]!
    const rest2 = code.slice(index, index + 2)
    if (rest2 === '//') {
      const end = code.indexOf('\n', index)
      const stop = end === -1 ? code.length : end
      push(tokens, code.slice(index, stop), 'comment')
      index = stop
      continue
    }
    if (rest2 === '/*') {
      const end = code.indexOf('*/', index + 2)
      const stop = end === -1 ? code.length : end + 2
      push(tokens, code.slice(index, stop), 'comment')
      index = stop
      continue
    }
    if (char === "'" || char === '"' || char === '`') {
      const end = quotedEnd(code, index, char, true)
      push(tokens, code.slice(index, end), 'string')
      index = end
      previous = char
      continue
    }
    const identifier = sticky(IDENTIFIER)
    if (identifier) {
      BEFORE_CALL.lastIndex = index + identifier.length
      const called = BEFORE_CALL.test(code)
      const member = previous === '.'
      const kind: TokenKind | undefined =
        !member && JS_KEYWORDS.has(identifier)
          ? 'keyword'
          : !member && JS_CONSTANTS.has(identifier)
            ? 'constant'
            : called
              ? 'function'
              : undefined
      push(tokens, identifier, kind)
      index += identifier.length
      previous = identifier.slice(-1)
      continue
    }
    const number =
      /\d/.test(char) || (char === '.' && /\d/.test(code[index + 1] ?? '')) ? sticky(NUMBER) : undefined
    if (number) {
      push(tokens, number, 'constant')
      index += number.length
      previous = '0'
      continue
    }
    const operator = sticky(OPERATOR)
    if (operator) {
      push(tokens, operator, 'keyword')
      index += operator.length
      previous = operator.slice(-1)
      continue
    }
    push(tokens, char)
    index += 1
    if (!/\s/.test(char)) previous = char
  }
  return tokens
}

export function highlightOutput(code: string, language: OutputLanguage): Token[] {
  if (language === 'curl') return highlightShell(code)
  if (language === 'http') return highlightHttp(code)
  return highlightJs(code)
}

/** A token, or the place of one occurrence of the secret (which may span several tokens). */
export type MaskedPiece = Token | { secret: true; kind?: TokenKind }

/**
 * Cuts every occurrence of `secret` out of the tokens and leaves one marker in its place, so the
 * view can show the key masked or revealed, in the colour of the token it sits in.
 */
export function maskSecret(tokens: Token[], secret: string): MaskedPiece[] {
  if (!secret) return tokens
  const code = tokens.map((token) => token.text).join('')
  const ranges: [number, number][] = []
  for (let found = code.indexOf(secret); found !== -1; found = code.indexOf(secret, found + secret.length)) {
    ranges.push([found, found + secret.length])
  }
  if (ranges.length === 0) return tokens
  const pieces: MaskedPiece[] = []
  let offset = 0
  let range = 0
  for (const token of tokens) {
    const start = offset
    const end = offset + token.text.length
    offset = end
    let cursor = start
    while (cursor < end) {
      const current = ranges[range]
      if (!current || current[0] >= end) {
        pieces.push({ ...token, text: code.slice(cursor, end) })
        break
      }
      if (cursor < current[0]) {
        pieces.push({ ...token, text: code.slice(cursor, current[0]) })
        cursor = current[0]
      }
      if (cursor === current[0])
        pieces.push(token.kind ? { secret: true, kind: token.kind } : { secret: true })
      const stop = Math.min(current[1], end)
      cursor = stop
      if (stop === current[1]) range += 1
    }
  }
  return pieces
}
