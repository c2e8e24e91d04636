/**
 * A small reader and evaluator of PostgREST filter parameters, written from PostgREST 12's
 * grammar (QueryParams.hs): top-level `col=[not.]op.value`, `in.(...)` lists and `or=(...)` /
 * `and(...)` trees with quoted values. Test-only: it lets the property tests check that the
 * filters we send select the same rows as the SQL.
 */
export type Truth = boolean | null
export type Row = Record<string, string | number | null>

export type Filter =
  | { kind: 'op'; column: string; not: boolean; op: string; value: string | string[] }
  | { kind: 'tree'; not: boolean; op: 'and' | 'or'; items: Filter[] }

class Cursor {
  index = 0
  constructor(readonly text: string) {}
  peek(): string | undefined {
    return this.text[this.index]
  }
  eat(token: string): boolean {
    if (!this.text.startsWith(token, this.index)) return false
    this.index += token.length
    return true
  }
  expect(token: string): void {
    if (!this.eat(token)) throw new Error(`expected ${token} at ${this.index} in ${this.text}`)
  }
}

function quotedValue(cursor: Cursor): string | undefined {
  if (cursor.peek() !== '"') return undefined
  const start = cursor.index
  cursor.index++
  let value = ''
  while (cursor.index < cursor.text.length && cursor.peek() !== '"') {
    if (cursor.peek() === '\\') cursor.index++
    value += cursor.peek() ?? ''
    cursor.index++
  }
  if (!cursor.eat('"')) {
    cursor.index = start
    return undefined
  }
  return value
}

/** A value inside a list or a tree: quoted, or up to the next `,` or `)`. */
function elementValue(cursor: Cursor): string {
  const start = cursor.index
  const quoted = quotedValue(cursor)
  if (
    quoted !== undefined &&
    (cursor.peek() === ',' || cursor.peek() === ')' || cursor.peek() === undefined)
  ) {
    return quoted
  }
  cursor.index = start
  let value = ''
  while (cursor.index < cursor.text.length && cursor.peek() !== ',' && cursor.peek() !== ')') {
    value += cursor.peek()
    cursor.index++
  }
  return value
}

function listValue(cursor: Cursor): string[] {
  cursor.expect('(')
  const items = [elementValue(cursor)]
  while (cursor.eat(',')) items.push(elementValue(cursor))
  cursor.expect(')')
  return items
}

const OPERATORS = ['eq', 'neq', 'gte', 'gt', 'lte', 'lt', 'in', 'is']

function operation(cursor: Cursor, column: string, inTree: boolean): Filter {
  const not = cursor.eat('not.')
  const op = OPERATORS.find((candidate) => cursor.eat(`${candidate}.`))
  if (!op) throw new Error(`unknown operator at ${cursor.index} in ${cursor.text}`)
  if (op === 'in') return { kind: 'op', column, not, op, value: listValue(cursor) }
  if (!inTree) {
    const value = cursor.text.slice(cursor.index)
    cursor.index = cursor.text.length
    return { kind: 'op', column, not, op, value }
  }
  return { kind: 'op', column, not, op, value: elementValue(cursor) }
}

function field(cursor: Cursor): string {
  const quoted = quotedValue(cursor)
  if (quoted !== undefined) return quoted
  const match = /^[A-Za-z0-9_$]+/.exec(cursor.text.slice(cursor.index))
  if (!match) throw new Error(`expected a field at ${cursor.index} in ${cursor.text}`)
  cursor.index += match[0].length
  return match[0]
}

function treeItem(cursor: Cursor): Filter {
  const start = cursor.index
  const not = cursor.eat('not.')
  for (const op of ['and', 'or'] as const) {
    if (cursor.eat(`${op}(`)) {
      cursor.index--
      return { kind: 'tree', not, op, items: treeBody(cursor) }
    }
  }
  cursor.index = start
  const column = field(cursor)
  cursor.expect('.')
  return operation(cursor, column, true)
}

function treeBody(cursor: Cursor): Filter[] {
  cursor.expect('(')
  const items = [treeItem(cursor)]
  while (cursor.eat(',')) items.push(treeItem(cursor))
  cursor.expect(')')
  return items
}

/** Reads the filter parameters of a query, ignoring select, order, limit and offset. */
export function readFilters(query: [string, string][]): Filter[] {
  const filters: Filter[] = []
  for (const [key, value] of query) {
    if (['select', 'order', 'limit', 'offset'].includes(key)) continue
    const tree = /^(not\.)?(and|or)$/.exec(key)
    if (tree) {
      const cursor = new Cursor(value)
      filters.push({
        kind: 'tree',
        not: tree[1] !== undefined,
        op: tree[2] as 'and' | 'or',
        items: treeBody(cursor),
      })
      if (cursor.index !== value.length) throw new Error(`trailing text in ${value}`)
      continue
    }
    const keyCursor = new Cursor(key)
    const column = field(keyCursor)
    filters.push(operation(new Cursor(value), column, false))
  }
  return filters
}

function not(value: Truth): Truth {
  return value === null ? null : !value
}

function and(values: Truth[]): Truth {
  if (values.includes(false)) return false
  return values.includes(null) ? null : true
}

function or(values: Truth[]): Truth {
  if (values.includes(true)) return true
  return values.includes(null) ? null : false
}

/** SQL comparison of a cell with a value given as text; numeric columns compare as numbers. */
export function compare(cell: string | number | null, op: string, value: string | number): Truth {
  if (cell === null) return null
  const right = typeof cell === 'number' ? Number(value) : String(value)
  switch (op) {
    case 'eq':
      return cell === right
    case 'neq':
      return cell !== right
    case 'gt':
      return cell > right
    case 'gte':
      return cell >= right
    case 'lt':
      return cell < right
    case 'lte':
      return cell <= right
  }
  throw new Error(`operator ${op}`)
}

function evaluate(filter: Filter, row: Row): Truth {
  if (filter.kind === 'tree') {
    const values = filter.items.map((item) => evaluate(item, row))
    const result = filter.op === 'and' ? and(values) : or(values)
    return filter.not ? not(result) : result
  }
  const cell = row[filter.column] ?? null
  let result: Truth
  if (filter.op === 'is') result = cell === null
  else if (filter.op === 'in')
    result = or((filter.value as string[]).map((item) => compare(cell, 'eq', item)))
  else result = compare(cell, filter.op, filter.value as string)
  return filter.not ? not(result) : result
}

/** Whether PostgREST keeps the row: every top-level filter must be true. */
export function keeps(filters: Filter[], row: Row): boolean {
  return and(filters.map((filter) => evaluate(filter, row))) === true
}

export { and, not, or }
