/**
 * PostgREST 12.2's filter operators and the SQL each stands for (`ApiRequest/Types.hs`:
 * `SimpleOperator`, `QuantOperator`, `FtsOperator`; `Query/SqlFragment.hs`: `simpleOperator`,
 * `quantOperator`, `ftsOperator`). `in`, `is` and `isdistinct` have their own forms.
 */
import type { FilterOperator } from './model'

/** Operators that take one value. */
export const SIMPLE_OPERATORS = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const satisfies Partial<Record<FilterOperator, string>>

/** Operators that also take `(any)` or `(all)` and an array of values. */
export const QUANTIFIABLE_OPERATORS = {
  eq: '=',
  gte: '>=',
  gt: '>',
  lte: '<=',
  lt: '<',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
} as const satisfies Partial<Record<FilterOperator, string>>

/** Full-text search operators: the function that makes the `tsquery` (`@@` before it). */
export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const satisfies Partial<Record<FilterOperator, string>>

/** Every operator, in the order PostgREST's documentation lists them. */
export const FILTER_OPERATORS: readonly FilterOperator[] = [
  ...(Object.keys(QUANTIFIABLE_OPERATORS) as FilterOperator[]),
  'neq',
  'in',
  'is',
  'isdistinct',
  ...(Object.keys(SIMPLE_OPERATORS).filter((name) => name !== 'neq') as FilterOperator[]),
  ...(Object.keys(FTS_OPERATORS) as FilterOperator[]),
]

export function isQuantifiable(operator: string): operator is keyof typeof QUANTIFIABLE_OPERATORS {
  return Object.hasOwn(QUANTIFIABLE_OPERATORS, operator)
}
