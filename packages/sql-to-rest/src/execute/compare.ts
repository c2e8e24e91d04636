/**
 * Whether the REST response holds the rows the SQL returns. Rows are compared by their values in
 * column order, as multisets (PostgREST names some columns differently: `metadata->>'isbn'` is
 * `isbn` there, `?column?` in SQL). A to-many spread comes back as arrays per parent row; those
 * are unnested first, so a join and its embedded form compare equal.
 */
import type { JsonValue } from '../model'
import type { CompiledRequest } from './compile'
import type { RowEntries } from './run'

export interface RowComparison {
  /** `same`: equal rows; `nested`: equal once the embedded arrays are unnested; `differs`. */
  verdict: 'same' | 'nested' | 'differs'
  sqlCount: number
  restCount: number
  /** Up to three rows the SQL returns and the request does not, and the other way round. */
  onlyInSql: JsonValue[][]
  onlyInRest: JsonValue[][]
  /** Column names differ although the values agree. */
  keysDiffer: boolean
}

/** One row per element of the to-many spread arrays (a parent without children keeps one row of nulls). */
export function unnestSpreads(rows: RowEntries[], spreads: CompiledRequest['toManySpreads']): RowEntries[] {
  let result = rows
  for (const spread of spreads) {
    const keys = new Set(spread.keys)
    result = result.flatMap((row) => {
      const arrays = row.filter(([key, value]) => keys.has(key) && Array.isArray(value))
      const length = arrays.reduce((most, [, value]) => Math.max(most, (value as JsonValue[]).length), 0)
      if (length === 0) {
        return spread.inner
          ? []
          : [row.map(([key, value]): [string, JsonValue] => [key, keys.has(key) ? null : value])]
      }
      return Array.from({ length }, (_, index) =>
        row.map(([key, value]): [string, JsonValue] =>
          keys.has(key) && Array.isArray(value) ? [key, value[index] ?? null] : [key, value],
        ),
      )
    })
  }
  return result
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

export function compareRows(
  sqlRows: RowEntries[],
  restRows: RowEntries[],
  spreads: CompiledRequest['toManySpreads'],
): RowComparison {
  const flat = unnestSpreads(restRows, spreads)
  const onlyInSql = difference(sqlRows, flat)
  const onlyInRest = difference(flat, sqlRows)
  const equal = onlyInSql.length === 0 && onlyInRest.length === 0 && sqlRows.length === flat.length
  const names = (rows: RowEntries[]) => rows[0]?.map(([key]) => key).join(',') ?? ''
  return {
    verdict: !equal ? 'differs' : spreads.length > 0 ? 'nested' : 'same',
    sqlCount: sqlRows.length,
    restCount: flat.length,
    onlyInSql,
    onlyInRest,
    keysDiffer: equal && names(sqlRows) !== names(flat),
  }
}
