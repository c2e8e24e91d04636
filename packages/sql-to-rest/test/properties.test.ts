/**
 * Property tests: any text gives a result or a typed error, never an exception; and generated
 * SELECTs translate into filters that keep exactly the rows the SQL keeps, sent identically by
 * the raw HTTP and the supabase-js renderings.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { initTranslator, renderCurl, renderHttp, renderSupabaseJs, translate } from '../src/index'
import { and, compare, keeps, not, or, readFilters, type Row, type Truth } from './support/postgrest-filters'
import { captureSupabaseJs, parseRawHttp } from './support/requests'

beforeAll(() => initTranslator())

const KINDS = ['parse', 'unsupported', 'unimplemented', 'render']

function expectNoCrash(sql: string): void {
  const result = translate(sql)
  if (result.ok) {
    for (const render of [
      renderCurl(result.request),
      renderHttp(result.request),
      renderSupabaseJs(result.request),
    ]) {
      if (!render.ok) expect(render.error.kind).toBe('render')
    }
    return
  }
  expect(KINDS).toContain(result.error.kind)
  expect(result.error.message).not.toMatch(/^Internal error/)
  expect(result.error.message.length).toBeGreaterThan(0)
  expect(result.error.hint.length).toBeGreaterThan(0)
}

const TOKENS = [
  'select',
  'insert into',
  'update',
  'delete from',
  'values',
  'set',
  'returning',
  '*',
  'from',
  't',
  'u.x',
  'where',
  'and',
  'or',
  'not',
  '(',
  ')',
  ',',
  '=',
  '<>',
  '<',
  '>=',
  'is',
  'null',
  'true',
  'in',
  'like',
  "'a,b'",
  "'it''s'",
  '1',
  '-2',
  '12345678901234567890',
  '1.50',
  'join',
  'left join',
  'on',
  'using',
  'order by',
  'desc',
  'nulls first',
  'limit',
  'offset',
  'group by',
  'count(*)',
  'sum(x)',
  '::text',
  "->'k'",
  "->>'k'",
  '@>',
  'array[1,2]',
  'between',
  'any(',
  'to_tsquery(',
  '@@',
  'on conflict',
  'do nothing',
  'with',
  'union',
  'distinct',
  ';',
  '"Q"',
  'f(a => 1)',
  'default',
]

describe('any input gives a result or a typed error', () => {
  it('random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => expectNoCrash(text)),
      { numRuns: 500 },
    )
  })

  it('random unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (text) => expectNoCrash(text)),
      { numRuns: 200 },
    )
  })

  it('random sequences of SQL tokens', () => {
    const sql = fc
      .array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 25 })
      .map((tokens) => tokens.join(' '))
    fc.assert(
      fc.property(sql, (text) => expectNoCrash(text)),
      { numRuns: 1500 },
    )
  })

  it('token sequences that start like a statement', () => {
    const start = fc.constantFrom(
      'select * from t where',
      'select a, b from t join u on u.id = t.u_id where',
      'update t set a = 1 where',
      'delete from t where',
    )
    const rest = fc.array(fc.constantFrom(...TOKENS), { maxLength: 15 })
    fc.assert(
      fc.property(start, rest, (head, tokens) => expectNoCrash(`${head} ${tokens.join(' ')}`)),
      { numRuns: 1000 },
    )
  })
})

// Generated WHERE clauses over a text column (a, b) and an integer column (n).
type Condition =
  | { kind: 'compare'; column: string; op: string; value: string | number }
  | { kind: 'null'; column: string; negated: boolean }
  | { kind: 'in'; column: string; values: (string | number)[]; negated: boolean }
  | { kind: 'not'; item: Condition }
  | { kind: 'and' | 'or'; items: Condition[] }

const SQL_OPERATORS: Record<string, string> = {
  '=': 'eq',
  '<>': 'neq',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
}
const TRICKY_TEXT = [
  'a',
  'b,c',
  '(x)',
  'd)e',
  'say "hi"',
  'back\\slash',
  'v1.2',
  'a: b',
  'two words',
  '',
  'null',
  '{x}',
  'ünï',
  '%_',
  "it's",
]

const textValue = fc.oneof(
  fc.constantFrom(...TRICKY_TEXT),
  fc.string({ maxLength: 8 }).filter((text) => !text.includes('\0')),
)
const intValue = fc.integer({ min: -3, max: 3 })

const leaf: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({
    kind: fc.constant('compare' as const),
    column: fc.constantFrom('a', 'b'),
    op: fc.constantFrom(...Object.keys(SQL_OPERATORS)),
    value: textValue,
  }),
  fc.record({
    kind: fc.constant('compare' as const),
    column: fc.constant('n'),
    op: fc.constantFrom(...Object.keys(SQL_OPERATORS)),
    value: intValue,
  }),
  fc.record({ kind: fc.constant('null' as const), column: fc.constantFrom('a', 'n'), negated: fc.boolean() }),
  fc.record({
    kind: fc.constant('in' as const),
    column: fc.constant('a'),
    values: fc.array(textValue, { minLength: 1, maxLength: 4 }),
    negated: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('in' as const),
    column: fc.constant('n'),
    values: fc.array(intValue, { minLength: 1, maxLength: 4 }),
    negated: fc.boolean(),
  }),
)

const condition: fc.Arbitrary<Condition> = fc.letrec<{ node: Condition }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ kind: fc.constant('not' as const), item: tie('node') }),
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      items: fc.array(tie('node'), { minLength: 2, maxLength: 3 }),
    }),
  ),
})).node

function sqlLiteral(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`
}

function toSql(node: Condition): string {
  switch (node.kind) {
    case 'compare':
      return `${node.column} ${node.op} ${sqlLiteral(node.value)}`
    case 'null':
      return `${node.column} is ${node.negated ? 'not ' : ''}null`
    case 'in':
      return `${node.column} ${node.negated ? 'not ' : ''}in (${node.values.map(sqlLiteral).join(', ')})`
    case 'not':
      return `not (${toSql(node.item)})`
    case 'and':
    case 'or':
      return `(${node.items.map(toSql).join(` ${node.kind} `)})`
  }
}

function sqlTruth(node: Condition, row: Row): Truth {
  switch (node.kind) {
    case 'compare':
      return compare(row[node.column] ?? null, SQL_OPERATORS[node.op]!, node.value)
    case 'null':
      return (row[node.column] === null) !== node.negated
    case 'in': {
      const result = or(node.values.map((value) => compare(row[node.column] ?? null, 'eq', value)))
      return node.negated ? not(result) : result
    }
    case 'not':
      return not(sqlTruth(node.item, row))
    case 'and':
      return and(node.items.map((item) => sqlTruth(item, row)))
    case 'or':
      return or(node.items.map((item) => sqlTruth(item, row)))
  }
}

const row: fc.Arbitrary<Row> = fc.record({
  a: fc.option(textValue, { nil: null }),
  b: fc.option(textValue, { nil: null }),
  n: fc.option(intValue, { nil: null }),
})

const shape = fc.record({
  where: condition,
  order: fc.option(fc.constantFrom('a', 'n desc', 'b nulls first'), { nil: undefined }),
  limit: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
  offset: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
})

interface Shape {
  where: Condition
  order: string | undefined
  limit: number | undefined
  offset: number | undefined
}

function statement(generated: Shape): string {
  let sql = `select a, n from t where ${toSql(generated.where)}`
  if (generated.order) sql += ` order by ${generated.order}`
  if (generated.limit !== undefined) sql += ` limit ${generated.limit}`
  if (generated.limit !== undefined && generated.offset !== undefined) sql += ` offset ${generated.offset}`
  return sql
}

/** NOT IN with a NULL, and = NULL, are refused on purpose; the generator makes neither. */
describe('generated SELECTs', () => {
  it('keep exactly the rows the SQL keeps', () => {
    fc.assert(
      fc.property(shape, fc.array(row, { minLength: 1, maxLength: 12 }), (generated, rows) => {
        const result = translate(statement(generated))
        if (!result.ok) throw new Error(`${statement(generated)}: ${result.error.message}`)
        const filters = readFilters(result.request.query)
        for (const candidate of rows) {
          expect(keeps(filters, candidate), JSON.stringify(candidate)).toBe(
            sqlTruth(generated.where, candidate) === true,
          )
        }
      }),
      { numRuns: 1500 },
    )
  })

  it('are sent identically by the raw HTTP and the supabase-js renderings', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (generated) => {
        const result = translate(statement(generated))
        if (!result.ok) throw new Error(result.error.message)
        const http = renderHttp(result.request)
        const js = renderSupabaseJs(result.request)
        if (!http.ok || !js.ok) throw new Error('rendering failed')
        expect(await captureSupabaseJs(js.code)).toEqual(parseRawHttp(http.code))
      }),
      { numRuns: 400 },
    )
  })

  it('run LIMIT and OFFSET as an exact .range()', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (limit, offset) => {
          const result = translate(`select * from t limit ${limit} offset ${offset}`)
          if (!result.ok) throw new Error(result.error.message)
          const js = renderSupabaseJs(result.request)
          expect(js.ok && js.code).toContain(`.range(${offset}, ${offset + limit - 1})`)
        },
      ),
    )
  })
})
