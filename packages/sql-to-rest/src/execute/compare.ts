/**
 * Whether the REST response holds the rows the SQL returns. Columns are paired by name where the
 * names agree and by position otherwise (PostgREST names some columns differently:
 * `metadata->>'isbn'` is `isbn` there, `?column?` in SQL, and puts embedded columns after the
 * table's own); rows are compared as multisets, and in sequence when the SQL orders its rows.
 */
import type { JsonValue } from '@docs/postgrest-request'
import type { RowEntries } from './run'

export interface RowComparison {
  /** `same`: equal rows (in the same order where it matters); `order-differs`: equal rows in another order; `differs`. */
  verdict: 'same' | 'order-differs' | 'differs'
  sqlCount: number
  restCount: number
  /** Up to three rows the SQL returns and the request does not, and the other way round. */
  onlyInSql: JsonValue[][]
  onlyInRest: JsonValue[][]
  /** Column names differ although the values agree. */
  keysDiffer: boolean
  /** The first position where an ordered comparison found different rows. */
  firstOrderDifference?: number
}

function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

function rowKey(row: RowEntries): string {
  return canonical(row.map(([, value]) => value))
}

function difference(from: RowEntries[], remove: RowEntries[]): JsonValue[][] {
  const counts = new Map<string, number>()
  for (const row of remove) counts.set(rowKey(row), (counts.get(rowKey(row)) ?? 0) + 1)
  const left: JsonValue[][] = []
  for (const row of from) {
    const key = rowKey(row)
    const count = counts.get(key) ?? 0
    if (count > 0) counts.set(key, count - 1)
    else if (left.length < 3) left.push(row.map(([, value]) => value))
  }
  return left
}

/** The REST row's columns in the order of the SQL's columns: same name first, then by position. */
function alignColumns(sqlRows: RowEntries[], restRows: RowEntries[]): RowEntries[] {
  const sqlKeys = sqlRows[0]?.map(([key]) => key)
  const restKeys = restRows[0]?.map(([key]) => key)
  if (!sqlKeys || !restKeys || sqlKeys.length !== restKeys.length) return restRows
  const used = new Set<number>()
  const order = sqlKeys.map((key) => {
    const index = restKeys.findIndex((restKey, position) => restKey === key && !used.has(position))
    if (index !== -1) used.add(index)
    return index
  })
  for (let position = 0; position < order.length; position += 1) {
    if (order[position] !== -1) continue
    const free = restKeys.findIndex((_, index) => !used.has(index))
    used.add(free)
    order[position] = free
  }
  return restRows.map((row) => (row.length === order.length ? order.map((index) => row[index]!) : row))
}

export function compareRows(
  sqlRows: RowEntries[],
  restRowsAsSent: RowEntries[],
  options: { ordered: boolean } = { ordered: false },
): RowComparison {
  const byName = alignColumns(sqlRows, restRowsAsSent)
  // When the SQL repeats a column name, pairing by name is ambiguous: pair by position too, and
  // keep the pairing under which the rows agree.
  const sqlKeys = sqlRows[0]?.map(([key]) => key) ?? []
  const ambiguous = new Set(sqlKeys).size !== sqlKeys.length
  const restRows =
    ambiguous && difference(sqlRows, byName).length > 0 && difference(sqlRows, restRowsAsSent).length === 0
      ? restRowsAsSent
      : byName
  const onlyInSql = difference(sqlRows, restRows)
  const onlyInRest = difference(restRows, sqlRows)
  const equal = onlyInSql.length === 0 && onlyInRest.length === 0 && sqlRows.length === restRows.length
  const names = (rows: RowEntries[]) => rows[0]?.map(([key]) => key).join(',') ?? ''
  const comparison: RowComparison = {
    verdict: equal ? 'same' : 'differs',
    sqlCount: sqlRows.length,
    restCount: restRows.length,
    onlyInSql,
    onlyInRest,
    keysDiffer: equal && names(sqlRows) !== names(restRows),
  }
  if (equal && options.ordered) {
    const position = sqlRows.findIndex((row, index) => rowKey(row) !== rowKey(restRows[index]!))
    if (position !== -1) {
      comparison.verdict = 'order-differs'
      comparison.firstOrderDifference = position
    }
  }
  return comparison
}
