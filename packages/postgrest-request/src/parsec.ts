/**
 * A small parser-combinator kit with the semantics of Haskell's Parsec 3, so that PostgREST's
 * query grammar (`src/PostgREST/ApiRequest/QueryParams.hs`) can be ported combinator for
 * combinator and accept exactly what PostgREST accepts:
 *
 * - a parser that fails after consuming input fails the whole alternative (`<|>` only tries the
 *   next branch when the first failed without consuming), unless wrapped in `attempt` (`try`);
 * - `text` (`string`) consumes the matching prefix even when it fails;
 * - errors carry Parsec's messages (unexpected / expecting) and merge the way Parsec merges them,
 *   so that the details PostgREST puts in its PGRST100 errors can be reproduced.
 *
 * Input is a list of Unicode code points, as Haskell's `String` is.
 */

export type MessageKind = 0 | 1 | 2 | 3 // SysUnExpect, UnExpect, Expect, Message (Parsec's order)
const SYS_UNEXPECT: MessageKind = 0
const UNEXPECT: MessageKind = 1
const EXPECT: MessageKind = 2

export interface ParseError {
  /** Index of the code point where the error is. */
  pos: number
  /** `raw`: the text is one character, shown (`show [c]`) only when the error is written. */
  messages: { kind: MessageKind; text: string; raw?: true }[]
}

export type Reply<T> =
  | { tag: 'cok'; value: T; pos: number; error: ParseError }
  | { tag: 'eok'; value: T; pos: number; error: ParseError }
  | { tag: 'cerr'; error: ParseError }
  | { tag: 'eerr'; error: ParseError }

export type Parser<T> = (input: readonly string[], pos: number) => Reply<T>

const unknown = (pos: number): ParseError => ({ pos, messages: [] })

function mergeError(e1: ParseError, e2: ParseError): ParseError {
  if (e2.messages.length === 0 && e1.messages.length > 0) return e1
  if (e1.messages.length === 0 && e2.messages.length > 0) return e2
  if (e1.pos === e2.pos) return { pos: e1.pos, messages: [...e1.messages, ...e2.messages] }
  return e1.pos > e2.pos ? e1 : e2
}

function setExpect(error: ParseError, label: string): ParseError {
  return {
    pos: error.pos,
    messages: [{ kind: EXPECT, text: label }, ...error.messages.filter((m) => m.kind !== EXPECT)],
  }
}

// ---- Haskell's `show` for the texts Parsec puts in its messages ------------------------------

function showCodePoint(char: string, quote: string): string {
  const code = char.codePointAt(0)!
  if (char === quote || char === '\\') return `\\${char}`
  if (char === '\n') return '\\n'
  if (char === '\t') return '\\t'
  if (char === '\r') return '\\r'
  if (code < 0x20 || code >= 0x7f) return `\\${code}`
  return char
}

/** `show` of a Haskell String: `"ab"`. */
export function showString(text: string): string {
  let out = ''
  const chars = Array.from(text)
  chars.forEach((char, index) => {
    out += showCodePoint(char, '"')
    // A numeric escape followed by a digit needs `\&` to end it.
    if (/^\\\d+$/.test(showCodePoint(char, '"')) && /^\d/.test(chars[index + 1] ?? '')) out += '\\&'
  })
  return `"${out}"`
}

/** `show` of a Haskell Char: `'a'`. */
export function showChar(char: string): string {
  return `'${char === '"' ? '"' : showCodePoint(char, "'")}'`
}

// ---- primitives ---------------------------------------------------------------------------------

export function pure<T>(value: T): Parser<T> {
  return (_input, pos) => ({ tag: 'eok', value, pos, error: unknown(pos) })
}

/** `mzero` / `guard False`: fails without a message. */
export const zero: Parser<never> = (_input, pos) => ({ tag: 'eerr', error: unknown(pos) })

export function satisfy(test: (char: string) => boolean): Parser<string> {
  return (input, pos) => {
    const char = input[pos]
    if (char === undefined)
      return { tag: 'eerr', error: { pos, messages: [{ kind: SYS_UNEXPECT, text: '' }] } }
    if (test(char)) return { tag: 'cok', value: char, pos: pos + 1, error: unknown(pos + 1) }
    return { tag: 'eerr', error: { pos, messages: [{ kind: SYS_UNEXPECT, text: char, raw: true }] } }
  }
}

export function label<T>(parser: Parser<T>, text: string): Parser<T> {
  return (input, pos) => {
    const reply = parser(input, pos)
    if (reply.tag === 'eerr') return { tag: 'eerr', error: setExpect(reply.error, text) }
    if (reply.tag === 'eok' && reply.error.messages.length > 0) {
      return { ...reply, error: setExpect(reply.error, text) }
    }
    return reply
  }
}

export const char = (c: string): Parser<string> =>
  label(
    satisfy((x) => x === c),
    showString(c),
  )
export const oneOf = (chars: string): Parser<string> => satisfy((x) => chars.includes(x))
export const noneOf = (chars: string): Parser<string> => satisfy((x) => !chars.includes(x))
export const anyChar: Parser<string> = satisfy(() => true)
export const digit: Parser<string> = label(
  satisfy((x) => x >= '0' && x <= '9'),
  'digit',
)
export const letter: Parser<string> = label(
  satisfy((x) => /^\p{L}$/u.test(x)),
  'letter',
)

/** Parsec's `string`: consumes the matching prefix even when the rest does not match. */
export function text(expected: string): Parser<string> {
  const chars = Array.from(expected)
  const shown = showString(expected)
  return (input, pos) => {
    for (let index = 0; index < chars.length; index += 1) {
      const found = input[pos + index]
      if (found !== chars[index]) {
        const error: ParseError = {
          pos,
          messages: [
            found === undefined
              ? { kind: SYS_UNEXPECT, text: '' }
              : { kind: SYS_UNEXPECT, text: found, raw: true },
            { kind: EXPECT, text: shown },
          ],
        }
        return { tag: index === 0 ? 'eerr' : 'cerr', error }
      }
    }
    if (chars.length === 0) return { tag: 'eok', value: expected, pos, error: unknown(pos) }
    return { tag: 'cok', value: expected, pos: pos + chars.length, error: unknown(pos + chars.length) }
  }
}

/** `try`: a failure after consuming input counts as a failure without consuming any. */
export function attempt<T>(parser: Parser<T>): Parser<T> {
  return (input, pos) => {
    const reply = parser(input, pos)
    return reply.tag === 'cerr' ? { tag: 'eerr', error: reply.error } : reply
  }
}

/** `<|>`: the next alternative runs only when the previous one failed without consuming. */
export function alt<T>(...parsers: Parser<T>[]): Parser<T> {
  return (input, pos) => {
    let error: ParseError | undefined
    for (const parser of parsers) {
      const reply = parser(input, pos)
      if (reply.tag === 'eerr') {
        error = error ? mergeError(error, reply.error) : reply.error
        continue
      }
      if (reply.tag === 'eok' && error) return { ...reply, error: mergeError(error, reply.error) }
      return reply
    }
    return { tag: 'eerr', error: error ?? unknown(pos) }
  }
}

/** The body of a `sequence`: a generator that yields parsers and receives their values. */
export type Steps<T> = Generator<Parser<unknown>, T, unknown>

/** One step of a `sequence` body: `const a = yield* run(p)`. */
export function* run<A>(parser: Parser<A>): Generator<Parser<unknown>, A, unknown> {
  return (yield parser) as A
}

/**
 * Do-notation: `sequence(function* () { const a = yield* run(p); const b = yield* run(q); return f(a, b) })`
 * is `do { a <- p; b <- q; return (f a b) }`, with Parsec's bind semantics (consumption and
 * error merging). A failing step ends the body: the generator is not resumed.
 */
export function sequence<T>(body: () => Steps<T>): Parser<T> {
  return (input, start) => {
    const steps = body()
    let consumed = false
    let pos = start
    let error = unknown(start)
    let next = steps.next()
    while (!next.done) {
      const reply = next.value(input, pos)
      switch (reply.tag) {
        case 'cok':
          consumed = true
          pos = reply.pos
          error = reply.error
          next = steps.next(reply.value)
          break
        case 'eok':
          pos = reply.pos
          error = mergeError(error, reply.error)
          next = steps.next(reply.value)
          break
        case 'cerr':
          return reply
        case 'eerr':
          return { tag: consumed ? 'cerr' : 'eerr', error: mergeError(error, reply.error) }
      }
    }
    return { tag: consumed ? 'cok' : 'eok', value: next.value, pos, error }
  }
}

export function map<A, B>(parser: Parser<A>, f: (value: A) => B): Parser<B> {
  return (input, pos) => {
    const reply = parser(input, pos)
    return reply.tag === 'cok' || reply.tag === 'eok' ? { ...reply, value: f(reply.value) } : reply
  }
}

/** `p >>= \\a -> q >>= \\b -> return (f a b)`: Parsec's bind for two steps, without do-notation. */
export function both<A, B, C>(p: Parser<A>, q: Parser<B>, f: (a: A, b: B) => C): Parser<C> {
  return (input, pos) => {
    const first = p(input, pos)
    if (first.tag === 'cerr' || first.tag === 'eerr') return first
    const second = q(input, first.pos)
    if (second.tag === 'cerr') return second
    if (second.tag === 'cok') {
      return { tag: 'cok', value: f(first.value, second.value), pos: second.pos, error: second.error }
    }
    const error = mergeError(first.error, second.error)
    if (second.tag === 'eerr') return { tag: first.tag === 'cok' ? 'cerr' : 'eerr', error }
    return { tag: first.tag, value: f(first.value, second.value), pos: second.pos, error }
  }
}

/** `p <* q` */
export const left = <A>(p: Parser<A>, q: Parser<unknown>): Parser<A> => both(p, q, (a) => a)

/** `p *> q` */
export const right = <B>(p: Parser<unknown>, q: Parser<B>): Parser<B> => both(p, q, (_a, b) => b)

export function many<T>(parser: Parser<T>): Parser<T[]> {
  return (input, start) => {
    const values: T[] = []
    let pos = start
    let consumed = false
    for (;;) {
      const reply = parser(input, pos)
      if (reply.tag === 'cok') {
        values.push(reply.value)
        pos = reply.pos
        consumed = true
      } else if (reply.tag === 'eok') {
        throw new Error("combinator 'many' is applied to a parser that accepts an empty string.")
      } else if (reply.tag === 'cerr') {
        return reply
      } else {
        return { tag: consumed ? 'cok' : 'eok', value: values, pos, error: reply.error }
      }
    }
  }
}

export const many1 = <T>(parser: Parser<T>): Parser<T[]> =>
  both(parser, many(parser), (first, rest) => [first, ...rest])

export const option = <T>(fallback: T, parser: Parser<T>): Parser<T> => alt(parser, pure(fallback))

export const optionMaybe = <T>(parser: Parser<T>): Parser<T | undefined> =>
  option<T | undefined>(undefined, parser)

export const sepBy1 = <T>(parser: Parser<T>, separator: Parser<unknown>): Parser<T[]> =>
  both(parser, many(right(separator, parser)), (first, rest) => [first, ...rest])

export const sepBy = <T>(parser: Parser<T>, separator: Parser<unknown>): Parser<T[]> =>
  alt(sepBy1(parser, separator), pure<T[]>([]))

export const between = <T>(open: Parser<unknown>, close: Parser<unknown>, parser: Parser<T>): Parser<T> =>
  left(right(open, parser), close)

export function lookAhead<T>(parser: Parser<T>): Parser<T> {
  return (input, pos) => {
    const reply = parser(input, pos)
    if (reply.tag === 'cok' || reply.tag === 'eok') {
      return { tag: 'eok', value: reply.value, pos, error: unknown(pos) }
    }
    return reply
  }
}

/** `unexpected msg` */
function unexpected(textShown: string): Parser<never> {
  return (_input, pos) => ({ tag: 'eerr', error: { pos, messages: [{ kind: UNEXPECT, text: textShown }] } })
}

/** `notFollowedBy p` for a parser of one character. */
export function notFollowedBy(parser: Parser<string>): Parser<void> {
  return attempt(
    alt(
      sequence(function* (): Steps<void> {
        const char = yield* run(attempt(parser))
        yield* run(unexpected(showChar(char)))
      }),
      pure(undefined),
    ),
  )
}

/** `eof`: Parsec's `anyToken` keeps the position, so the error is at the unexpected character. */
export const eof: Parser<void> = (input, pos) => {
  const char = input[pos]
  if (char === undefined) {
    return {
      tag: 'eok',
      value: undefined,
      pos,
      error: {
        pos,
        messages: [
          { kind: SYS_UNEXPECT, text: '' },
          { kind: EXPECT, text: 'end of input' },
        ],
      },
    }
  }
  return {
    tag: 'eerr',
    error: {
      pos,
      messages: [
        { kind: UNEXPECT, text: showChar(char) },
        { kind: EXPECT, text: 'end of input' },
      ],
    },
  }
}

// ---- running a parser ---------------------------------------------------------------------------

export type RunResult<T> =
  | {
      ok: true
      value: T
      /** Input left unread: `P.parse` does not require the end of input. */ rest: string
    }
  | { ok: false; line: number; column: number; details: string }

/** `Text.Parsec.parse`: runs the parser on the text; what it does not read is returned as `rest`. */
export function parse<T>(parser: Parser<T>, input: string): RunResult<T> {
  const chars = Array.from(input)
  const reply = parser(chars, 0)
  if (reply.tag === 'cok' || reply.tag === 'eok') {
    return { ok: true, value: reply.value, rest: chars.slice(reply.pos).join('') }
  }
  const { line, column } = sourcePos(chars, reply.error.pos)
  return { ok: false, line, column, details: showErrorMessages(reply.error) }
}

/** Parsec's `updatePosChar`: newlines start a line, tabs move to the next multiple of 8. */
function sourcePos(chars: readonly string[], pos: number): { line: number; column: number } {
  let line = 1
  let column = 1
  for (let index = 0; index < pos && index < chars.length; index += 1) {
    const char = chars[index]
    if (char === '\n') {
      line += 1
      column = 1
    } else if (char === '\t') column = column + 8 - ((column - 1) % 8)
    else column += 1
  }
  return { line, column }
}

/**
 * `showErrorMessages "or" "unknown parse error" "expecting" "unexpected" "end of input"`, with the
 * line breaks PostgREST replaces by spaces (`T.strip . T.replace "\n" " "`).
 */
export function showErrorMessages(error: ParseError): string {
  const messages = [...error.messages]
    .sort((a, b) => a.kind - b.kind)
    .map((m) => (m.raw ? { kind: m.kind, text: showString(m.text) } : m))
  if (messages.length === 0) return 'unknown parse error'
  const of = (kind: MessageKind) => messages.filter((m) => m.kind === kind).map((m) => m.text)
  const sysUnexpect = of(SYS_UNEXPECT)
  const unexpect = of(UNEXPECT)
  const clean = (texts: string[]) => [...new Set(texts.filter((t) => t !== ''))]
  const commasOr = (texts: string[]): string => {
    const items = clean(texts)
    if (items.length <= 1) return items[0] ?? ''
    return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`
  }
  const showMany = (prefix: string, texts: string[]) => {
    const items = clean(texts)
    if (items.length === 0) return ''
    return prefix === '' ? commasOr(items) : `${prefix} ${commasOr(items)}`
  }
  let showSysUnexpect = ''
  if (unexpect.length === 0 && sysUnexpect.length > 0) {
    showSysUnexpect = sysUnexpect[0] === '' ? 'unexpected end of input' : `unexpected ${sysUnexpect[0]}`
  }
  const parts = [
    showSysUnexpect,
    showMany('unexpected', unexpect),
    showMany('expecting', of(EXPECT)),
    showMany('', of(3)),
  ]
  return parts.filter((part) => part !== '').join(' ')
}
