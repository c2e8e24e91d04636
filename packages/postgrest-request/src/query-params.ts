/**
 * PostgREST 12.2's query-string grammar, ported combinator for combinator from
 * `src/PostgREST/ApiRequest/QueryParams.hs` (tag v12.2.12) onto the Parsec kit in `./parsec`.
 * Each parser keeps its Haskell name; the comments quote the Haskell definitions where the
 * port is not obvious. The parsers build the package's request-model pieces directly.
 */
import type {
  AggregateFunction,
  FieldRef,
  FilterCondition,
  FilterNode,
  FilterOperator,
  FilterValue,
  JsonStep,
  OrderTerm,
  Quantifier,
  ScalarValue,
  SelectItem,
} from './model'
import {
  alt,
  anyChar,
  attempt,
  between,
  char,
  digit,
  eof,
  label,
  left,
  letter,
  lookAhead,
  many,
  many1,
  map,
  noneOf,
  notFollowedBy,
  oneOf,
  option,
  optionMaybe,
  pure,
  right,
  sepBy,
  sepBy1,
  run,
  sequence,
  text,
  zero,
  type Parser,
  type Steps,
} from './parsec'

// ---- Haskell helpers ----------------------------------------------------------------------------

/** `Data.Char.isSpace`, which `T.strip` uses. */
export function isHaskellSpace(char: string): boolean {
  return char === ' ' || (char >= '\t' && char <= '\r') || char === '\u00a0' || /^\p{Zs}$/u.test(char)
}

/** `Data.Text.strip` */
export function strip(value: string): string {
  const chars = Array.from(value)
  let start = 0
  let end = chars.length
  while (start < end && isHaskellSpace(chars[start]!)) start += 1
  while (end > start && isHaskellSpace(chars[end - 1]!)) end -= 1
  return chars.slice(start, end).join('')
}

const join = (chars: string[]): string => chars.join('')

/**
 * Haskell's `readMaybe :: Maybe Integer`: optional spaces and parentheses, a minus sign, decimal,
 * `0x` hexadecimal or `0o` octal digits. Anything else (`abc`, `1.5`, `+1`) reads as nothing.
 */
export function readInteger(text: string): bigint | undefined {
  let rest = text.replace(/^\s+|\s+$/g, '')
  while (rest.startsWith('(') && rest.endsWith(')')) {
    rest = rest.slice(1, -1).trim()
  }
  const match = /^(-\s*)?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|[0-9]+)$/.exec(rest)
  if (!match) return undefined
  const digits = match[2]!
  const value = /^0[oO]/.test(digits) ? BigInt(`0o${digits.slice(2)}`) : BigInt(digits)
  return match[1] === undefined ? value : -value
}

// ---- names, JSON paths and fields -------------------------------------------------------------

/** `ws = many (oneOf " \t")` */
const ws = many(oneOf(' \t'))

/** `lexeme p = ws *> p <* ws` */
const lexeme = <T>(parser: Parser<T>): Parser<T> => left(right(ws, parser), ws)

/** `pQuotedValue = char '"' *> many pCharsOrSlashed <* char '"'` */
const pQuotedValue: Parser<string> = map(
  between(char('"'), char('"'), many(alt(noneOf('\\"'), right(char('\\'), anyChar)))),
  join,
)

/** `pIdentifierChar = letter <|> digit <|> oneOf "_ $"` */
const pIdentifierChar = alt(letter, digit, oneOf('_ $'))

/** `pIdentifier = T.strip . toS <$> many1 pIdentifierChar` */
const pIdentifier: Parser<string> = map(many1(pIdentifierChar), (chars) => strip(join(chars)))

/** `isDash = try (char '-' >> notFollowedBy (char '>'))` */
const dash: Parser<string> = map(attempt(right(char('-'), notFollowedBy(char('>')))), () => '-')

/** `sepByDash fieldIdent = T.intercalate "-" <$> (fieldIdent `sepBy1` dash)` */
const sepByDash = (identifier: Parser<string>): Parser<string> =>
  map(sepBy1(identifier, dash), (parts) => parts.join('-'))

/** `pFieldName = pQuotedValue <|> sepByDash pIdentifier <?> "field name (* or [a..z0..9_$])"` */
const pFieldName: Parser<string> = label(
  alt(pQuotedValue, sepByDash(pIdentifier)),
  'field name (* or [a..z0..9_$])',
)

/** `pJsonKeyIdentifier = T.strip . toS <$> many1 (noneOf "(-:.,>)")` */
const pJsonKeyIdentifier: Parser<string> = map(many1(noneOf('(-:.,>)')), (chars) => strip(join(chars)))

const pJsonKeyName: Parser<string> = label(
  alt(pQuotedValue, sepByDash(pJsonKeyIdentifier)),
  'any non reserved character different from: .,>()',
)

const lookAheadText = (expected: string) => attempt(lookAhead(text(expected)))

/** An index ends before `->`, `::`, `.`, `,` or the end; `->0)` is a key, as in PostgREST. */
const pJsonIndexEnd: Parser<unknown> = alt<unknown>(
  lookAheadText('->'),
  lookAheadText('::'),
  lookAheadText('.'),
  lookAheadText(','),
  attempt(eof),
)

/** `pJIdx = JIdx . toS <$> ((:) <$> P.option '+' (char '-') <*> many1 digit) <* pEnd` */
const pJIdx: Parser<number> = left(
  sequence(function* () {
    const sign = yield* run(option('+', char('-')))
    const digits = yield* run(many1(digit))
    // `-0` is the index -0, which `::int` reads as 0.
    return Number(`${sign}${join(digits)}`) || 0
  }),
  pJsonIndexEnd,
)

/** `pJsonOperation = pJsonArrow <*> pJsonOperand` */
const pJsonOperation: Parser<JsonStep> = sequence(function* () {
  const arrow = (yield* run(alt(attempt(text('->>')), attempt(text('->'))))) as '->' | '->>'
  const key = yield* run(alt<string | number>(attempt(pJIdx), attempt(pJsonKeyName)))
  return { arrow, key }
})

/** `pJsonPath = many pJsonOperation` */
const pJsonPath: Parser<JsonStep[]> = many(pJsonOperation)

/** `pField = lexeme $ (,) <$> pFieldName <*> P.option [] pJsonPath` */
const pField: Parser<FieldRef> = lexeme(
  sequence(function* () {
    const column = yield* run(pFieldName)
    const jsonPath = yield* run(option<JsonStep[]>([], pJsonPath))
    return { column, jsonPath }
  }),
)

/** `pDelimiter = char '.' <?> "delimiter (.)"` */
const pDelimiter = label(char('.'), 'delimiter (.)')

/** `pTreePath`: `a.b.column->json`; the embed path and the field. */
export const pTreePath: Parser<{ embedPath: string[]; field: FieldRef }> = sequence(function* () {
  const names = yield* run(sepBy1(pFieldName, pDelimiter))
  const jsonPath = yield* run(option<JsonStep[]>([], pJsonPath))
  return { embedPath: names.slice(0, -1), field: { column: names[names.length - 1]!, jsonPath } }
})

// ---- select -------------------------------------------------------------------------------------

/** `aliasSeparator = char ':' >> notFollowedBy (char ':')` */
const aliasSeparator = right(char(':'), notFollowedBy(char(':')))

const pAlias: Parser<string | undefined> = optionMaybe(attempt(left(pFieldName, aliasSeparator)))

/** `string "::" *> pIdentifier` */
const pCast: Parser<string | undefined> = optionMaybe(right(text('::'), pIdentifier))

type EmbedParam = { hint: string } | { join: 'left' | 'inner' }

/** `pEmbedParam = char '!' *> (try left <|> try inner <|> try (EPHint <$> pFieldName))` */
const pEmbedParam: Parser<EmbedParam> = right(
  char('!'),
  alt<EmbedParam>(
    attempt(map(text('left'), () => ({ join: 'left' as const }))),
    attempt(map(text('inner'), () => ({ join: 'inner' as const }))),
    attempt(map(pFieldName, (hint) => ({ hint }))),
  ),
)

/**
 * `pEmbedParams`: at most two `!` parameters; the first hint and the first join type win
 * (`embedParamHint prm1 <|> embedParamHint prm2`), so `!inner!left` is an inner join.
 */
const pEmbedParams: Parser<{ hint?: string; inner: boolean }> = sequence(function* () {
  const first = yield* run(optionMaybe(pEmbedParam))
  const second = yield* run(optionMaybe(pEmbedParam))
  const params = [first, second].filter((p): p is EmbedParam => p !== undefined)
  const hint = params.find((p): p is { hint: string } => 'hint' in p)?.hint
  const join = params.find((p): p is { join: 'left' | 'inner' } => 'join' in p)?.join
  return { ...(hint === undefined ? {} : { hint }), inner: join === 'inner' }
})

interface RelationHead {
  relation: string
  alias?: string
  hint?: string
  inner: boolean
  spread: boolean
}

const openParen = attempt(lookAhead(text('(')))

/** `pRelationSelect`: `alias:relation!hint!inner` before `(`; a relation may not be named count. */
const pRelationSelect: Parser<RelationHead> = lexeme(
  sequence(function* () {
    const alias = yield* run(pAlias)
    const relation = yield* run(pFieldName)
    if (relation === 'count') yield* run(zero)
    const params = yield* run(pEmbedParams)
    yield* run(openParen)
    return { relation, ...(alias === undefined ? {} : { alias }), ...params, spread: false }
  }),
)

/** `pSpreadRelationSelect`: `...relation!hint!inner` before `(`; a spread has no alias. */
const pSpreadRelationSelect: Parser<RelationHead> = lexeme(
  sequence(function* () {
    yield* run(text('...'))
    const relation = yield* run(pFieldName)
    const params = yield* run(pEmbedParams)
    yield* run(openParen)
    return { relation, ...params, spread: true }
  }),
)

/** `pEnd = try (lookAhead ")") <|> try (lookAhead ",") <|> try eof` */
const pSelectEnd: Parser<unknown> = alt<unknown>(lookAheadText(')'), lookAheadText(','), attempt(eof))

/** `pAggregation = choice [sum, avg, count, try max, try min]` */
const pAggregation: Parser<AggregateFunction> = alt<AggregateFunction>(
  map(text('sum'), () => 'sum'),
  map(text('avg'), () => 'avg'),
  map(text('count'), () => 'count'),
  attempt(map(text('max'), () => 'max')),
  attempt(map(text('min'), () => 'min')),
)

/** `pFieldSelect`: `*`, `alias:count()::cast` or `alias:field->json::cast.agg()::cast`. */
const pFieldSelect: Parser<SelectItem> = lexeme(
  alt<SelectItem>(
    attempt(
      sequence(function* (): Steps<SelectItem> {
        yield* run(text('*'))
        yield* run(pSelectEnd)
        return { kind: 'star' }
      }),
    ),
    attempt(
      sequence(function* (): Steps<SelectItem> {
        const alias = yield* run(pAlias)
        yield* run(text('count()'))
        const cast = yield* run(pCast)
        yield* run(pSelectEnd)
        return {
          kind: 'count-all',
          ...(alias === undefined ? {} : { alias }),
          ...(cast === undefined ? {} : { cast }),
        }
      }),
    ),
    sequence(function* (): Steps<SelectItem> {
      const alias = yield* run(pAlias)
      const field = yield* run(pField)
      const cast = yield* run(pCast)
      const aggregate = yield* run(optionMaybe(attempt(left(right(char('.'), pAggregation), text('()')))))
      const aggregateCast = yield* run(pCast)
      yield* run(pSelectEnd)
      return {
        kind: 'field',
        field,
        ...(alias === undefined ? {} : { alias }),
        ...(cast === undefined ? {} : { cast }),
        ...(aggregate === undefined ? {} : { aggregate }),
        ...(aggregateCast === undefined ? {} : { aggregateCast }),
      }
    }),
  ),
)

/** `pFieldForest = pFieldTree `sepBy` lexeme (char ',')` */
export const pFieldForest: Parser<SelectItem[]> = (input, pos) =>
  sepBy(pFieldTree, lexeme(char(',')))(input, pos)

const embedTree = (head: Parser<RelationHead>): Parser<SelectItem> =>
  sequence(function* (): Steps<SelectItem> {
    const { relation, alias, hint, inner, spread } = yield* run(attempt(head))
    const items = yield* run(between(char('('), char(')'), pFieldForest))
    return {
      kind: 'embed',
      relation,
      ...(alias === undefined ? {} : { alias }),
      ...(hint === undefined ? {} : { hint }),
      inner,
      spread,
      items,
    }
  })

const pFieldTree: Parser<SelectItem> = alt(
  embedTree(pSpreadRelationSelect),
  embedTree(pRelationSelect),
  pFieldSelect,
)

// ---- operators and values -----------------------------------------------------------------------

/** `pSingleVal = toS <$> many anyChar` */
export const pSingleVal: Parser<string> = map(many(anyChar), join)

const pCharsNotDelimiting = map(many(noneOf(',)')), join)

/** `pListElement = try (pQuotedValue <* notFollowedBy (noneOf ",)")) <|> many (noneOf ",)")` */
const pListElement: Parser<string> = alt(
  attempt(left(pQuotedValue, notFollowedBy(noneOf(',)')))),
  pCharsNotDelimiting,
)

/** `pListVal = lexeme (char '(') *> pListElement `sepBy1` char ',' <* lexeme (char ')')` */
const pListVal: Parser<string[]> = left(
  right(lexeme(char('(')), sepBy1(pListElement, char(','))),
  lexeme(char(')')),
)

/** `pLogicSingleVal`: a quoted value, a `{...}` array, or text up to `,` or `)`. */
export const pLogicSingleVal: Parser<string> = alt(
  attempt(left(pQuotedValue, notFollowedBy(noneOf(',)')))),
  attempt(
    sequence(function* () {
      yield* run(text('{'))
      const inner = yield* run(many(noneOf('{}')))
      yield* run(text('}'))
      return `{${join(inner)}}`
    }),
  ),
  pCharsNotDelimiting,
)

const keyword = <T>(word: string, value: T): Parser<T> => attempt(map(text(word), () => value))

/** `simpleOperator`: the operators that take no quantifier. */
const simpleOperator: Parser<FilterOperator> = label(
  alt(
    keyword('neq', 'neq' as const),
    keyword('cs', 'cs' as const),
    keyword('cd', 'cd' as const),
    keyword('ov', 'ov' as const),
    keyword('sl', 'sl' as const),
    keyword('sr', 'sr' as const),
    keyword('nxr', 'nxr' as const),
    keyword('nxl', 'nxl' as const),
    keyword('adj', 'adj' as const),
  ),
  'unknown single value operator',
)

/** `quantOperator`: the operators that take `(any)` or `(all)`. */
const quantOperator: Parser<FilterOperator> = label(
  alt(
    keyword('eq', 'eq' as const),
    keyword('gte', 'gte' as const),
    keyword('gt', 'gt' as const),
    keyword('lte', 'lte' as const),
    keyword('lt', 'lt' as const),
    keyword('like', 'like' as const),
    keyword('ilike', 'ilike' as const),
    keyword('match', 'match' as const),
    keyword('imatch', 'imatch' as const),
  ),
  'unknown single value operator',
)

/** `ciChar c = char c <|> char (toUpper c)` */
const ciString = (word: string): Parser<string> =>
  sequence(function* () {
    for (const c of word) yield* run(alt(char(c), char(c.toUpperCase())))
    return word
  })

type TriValue = 'null' | 'unknown' | 'true' | 'false'

/** `pTriVal`: null, unknown, true or false in any letter case (`ciString`). */
const pTriVal: Parser<TriValue> = label(
  alt(
    attempt(map(ciString('null'), () => 'null' as const)),
    attempt(map(ciString('unknown'), () => 'unknown' as const)),
    attempt(map(ciString('true'), () => 'true' as const)),
    attempt(map(ciString('false'), () => 'false' as const)),
  ),
  'null or trilean value (unknown, true, false)',
)

/** An operator expression: `OpExpr` with its negation, or `NoOpExpr` for a function argument. */
export type OpExpr = Omit<FilterCondition, 'kind' | 'embedPath' | 'field'>

/** A value as PostgREST passes it, with the JavaScript form a client call would carry. */
export function scalar(valueText: string): ScalarValue {
  if (/^-?\d+(\.\d+)?$/.test(valueText) && String(Number(valueText)) === valueText) {
    return { text: valueText, js: Number(valueText) }
  }
  if (valueText === 'true' || valueText === 'false') return { text: valueText, js: valueText === 'true' }
  return { text: valueText, js: valueText }
}

/** The elements of a Postgres array literal `{a,"b c",NULL}`, for renderers; `text` stays exact. */
export function arrayItems(literal: string): string[] {
  if (!literal.startsWith('{') || !literal.endsWith('}')) return []
  const body = literal.slice(1, -1)
  const items: string[] = []
  let current = ''
  let quoted = false
  let wasQuoted = false
  for (let index = 0; index < body.length; index += 1) {
    const c = body[index]!
    if (quoted) {
      if (c === '\\') current += body[++index] ?? ''
      else if (c === '"') quoted = false
      else current += c
    } else if (c === '"') {
      quoted = true
      wasQuoted = true
    } else if (c === ',') {
      items.push(wasQuoted ? current : current.trim())
      current = ''
      wasQuoted = false
    } else current += c
  }
  if (body.trim() !== '' || wasQuoted) items.push(wasQuoted ? current : current.trim())
  return items
}

/** PostgREST reads `in.()` and `in.("")` alike: `[""]` is the empty list (`= ANY('{}')`). */
function listValue(items: string[]): FilterValue {
  return { kind: 'list', items: items.length === 1 && items[0] === '' ? [] : items.map(scalar) }
}

/** `pOpExpr pSVal`: `[not.]operator[(modifier)].value`. */
export const pOpExpr = (pSVal: Parser<string>): Parser<OpExpr> => {
  const withValue = <T>(prefix: Parser<unknown>, value: Parser<T>) => right(attempt(prefix), value)
  const pIn = map(withValue(right(text('in'), pDelimiter), pListVal), (items): OpExpr => ({
    negated: false,
    operator: 'in',
    value: listValue(items),
  }))
  const pIs = map(withValue(right(text('is'), pDelimiter), pTriVal), (value): OpExpr => ({
    negated: false,
    operator: 'is',
    value: { kind: 'is', value },
  }))
  const pIsDist = map(withValue(right(text('isdistinct'), pDelimiter), pSVal), (value): OpExpr => ({
    negated: false,
    operator: 'isdistinct',
    value: { kind: 'scalar', value: scalar(value) },
  }))
  const pFts = sequence(function* (): Steps<OpExpr> {
    const operator = yield* run(
      alt(
        keyword('fts', 'fts' as const),
        keyword('plfts', 'plfts' as const),
        keyword('phfts', 'phfts' as const),
        keyword('wfts', 'wfts' as const),
      ),
    )
    const config = yield* run(optionMaybe(attempt(between(char('('), char(')'), pIdentifier))))
    yield* run(pDelimiter)
    const value = yield* run(pSVal)
    return {
      negated: false,
      operator,
      ...(config === undefined ? {} : { config }),
      value: { kind: 'scalar', value: scalar(value) },
    }
  })
  const pSimpleOp = sequence(function* (): Steps<OpExpr> {
    const operator = yield* run(simpleOperator)
    yield* run(pDelimiter)
    return { negated: false, operator, value: { kind: 'scalar', value: scalar(yield* run(pSVal)) } }
  })
  const pQuantOp = sequence(function* (): Steps<OpExpr> {
    const operator = yield* run(quantOperator)
    const quantifier = yield* run(
      optionMaybe(
        attempt(
          between(
            char('('),
            char(')'),
            alt<Quantifier>(
              attempt(map(text('any'), () => 'any' as const)),
              map(text('all'), () => 'all' as const),
            ),
          ),
        ),
      ),
    )
    yield* run(pDelimiter)
    const value = yield* run(pSVal)
    if (quantifier === undefined)
      return { negated: false, operator, value: { kind: 'scalar', value: scalar(value) } }
    // SqlFragment.hs passes the text to Postgres as it is (only like/ilike map `*` to `%`).
    return {
      negated: false,
      operator,
      quantifier,
      value: { kind: 'array', items: arrayItems(value), text: value },
    }
  })
  const pOperation = label(
    alt(pIn, pIs, pIsDist, attempt(pFts), attempt(pSimpleOp), attempt(pQuantOp)),
    'operator (eq, gt, ...)',
  )
  return sequence(function* () {
    const negated = yield* run(alt(attempt(map(right(text('not'), pDelimiter), () => true)), pure(false)))
    return { ...(yield* run(pOperation)), negated }
  })
}

/** `pOpExpr pSingleVal`: the value of a filter parameter, built once. */
export const pFilterExpr: Parser<OpExpr> = pOpExpr(pSingleVal)

// ---- order --------------------------------------------------------------------------------------

/** `pEnd = try (void $ lookAhead (char ',')) <|> try eof` */
const pOrderEnd: Parser<unknown> = alt<unknown>(attempt(lookAhead(char(','))), attempt(eof))

const pOrdDir: Parser<'asc' | 'desc'> = alt(
  attempt(
    right(
      pDelimiter,
      map(text('asc'), () => 'asc' as const),
    ),
  ),
  attempt(
    right(
      pDelimiter,
      map(text('desc'), () => 'desc' as const),
    ),
  ),
)

const pNulls: Parser<'first' | 'last'> = alt(
  attempt(
    right(
      pDelimiter,
      map(text('nullsfirst'), () => 'first' as const),
    ),
  ),
  attempt(
    right(
      pDelimiter,
      map(text('nullslast'), () => 'last' as const),
    ),
  ),
)

/** `nls <- optionMaybe pNulls <* pEnd <|> pEnd $> Nothing` */
const pOrderTail: Parser<{ direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }> = sequence(function* () {
  const direction = yield* run(optionMaybe(pOrdDir))
  const nulls = yield* run(
    alt(
      left(optionMaybe(pNulls), pOrderEnd),
      map(pOrderEnd, () => undefined),
    ),
  )
  return { ...(direction === undefined ? {} : { direction }), ...(nulls === undefined ? {} : { nulls }) }
})

const orderTerm = (
  field: FieldRef,
  embed: string | undefined,
  tail: { direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' },
): OrderTerm => ({
  ...(embed === undefined ? {} : { embed }),
  field,
  direction: tail.direction ?? 'asc',
  ...(tail.nulls === undefined ? {} : { nulls: tail.nulls }),
})

/** `pOrder = lexeme (try pOrderRelationTerm <|> pOrderTerm) `sepBy1` char ','` */
export const pOrder: Parser<OrderTerm[]> = sepBy1(
  lexeme(
    alt(
      attempt(
        sequence(function* () {
          const embed = yield* run(pFieldName)
          const field = yield* run(between(char('('), char(')'), pField))
          const tail = yield* run(pOrderTail)
          return orderTerm(field, embed, tail)
        }),
      ),
      sequence(function* () {
        const field = yield* run(pField)
        const tail = yield* run(pOrderTail)
        return orderTerm(field, undefined, tail)
      }),
    ),
  ),
  char(','),
)

// ---- logic trees ----------------------------------------------------------------------------

/**
 * `pLogicTree`: a filter `field.op.value`, or `[not.]and(...)` / `[not.]or(...)` of trees.
 * The embed path is put on every node by the caller.
 */
export const pLogicTree: Parser<FilterNode> = (input, pos) => logicTree(input, pos)

/** `pOpExpr pLogicSingleVal`, built once. */
const pLogicOpExpr = pOpExpr(pLogicSingleVal)

const pLogicFilter: Parser<FilterNode> = sequence(function* (): Steps<FilterNode> {
  const field = yield* run(pField)
  yield* run(pDelimiter)
  return { kind: 'condition', embedPath: [], field, ...(yield* run(pLogicOpExpr)) }
})

const pNot: Parser<boolean> = label(
  alt(attempt(map(right(text('not'), pDelimiter), () => true)), pure(false)),
  'negation operator (not)',
)

const pLogicOp: Parser<'and' | 'or'> = label(
  alt(
    attempt(map(text('and'), () => 'and' as const)),
    map(text('or'), () => 'or' as const),
  ),
  'logic operator (and, or)',
)

const logicTree: Parser<FilterNode> = alt(
  attempt(pLogicFilter),
  sequence(function* (): Steps<FilterNode> {
    const negated = yield* run(pNot)
    const operator = yield* run(pLogicOp)
    yield* run(lexeme(char('(')))
    const items = yield* run(sepBy1(pLogicTree, lexeme(char(','))))
    yield* run(lexeme(char(')')))
    return { kind: 'group', embedPath: [], negated, operator, items }
  }),
)

/** `pLogicPath`: the embed path (every `not` dropped) and the operator, `not.` when any `not`. */
export const pLogicPath: Parser<{ embedPath: string[]; operator: string }> = map(
  sepBy1(pFieldName, pDelimiter),
  (path) => {
    const last = path[path.length - 1]!
    return {
      embedPath: path.slice(0, -1).filter((name) => name !== 'not'),
      operator: path.includes('not') ? `not.${last}` : last,
    }
  },
)

/** `pColumns = pFieldName `sepBy1` lexeme (char ',')`: on_conflict and columns. */
export const pColumns: Parser<string[]> = sepBy1(pFieldName, lexeme(char(',')))
