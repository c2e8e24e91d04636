/** INSERT, UPDATE and DELETE statements. */
import type {
  DeleteStmt,
  InsertStmt,
  Node,
  OnConflictClause,
  RangeVar,
  ResTarget,
  ReturningClause,
  UpdateStmt,
} from 'libpg-query'
import { unsupported, unsupportedWith } from '../errors'
import type { InsertOperation, JsonObject, Operation, Relation, SelectItem } from '@docs/postgrest-request'
import { nodeLocation, rejectNode, stringList } from './ast'
import { translateWhere } from './filters'
import { Scope, ScopeTable } from './scope'
import { SelectListBuilder } from './select-list'
import type { StatementContext } from './select'
import { constantJson, readConstant } from './values'

function targetTable(range: RangeVar | undefined, node: Node): ScopeTable {
  if (!range?.relname) return rejectNode(node, 'the statement')
  const relation: Relation = { name: range.relname }
  if (range.schemaname && range.schemaname !== 'public') relation.schema = range.schemaname
  return new ScopeTable(relation, range.alias?.aliasname ?? range.relname)
}

function returning(clause: ReturningClause | undefined, scope: Scope): SelectItem[] | undefined {
  if (!clause) return undefined
  if (clause.options?.length) {
    return unsupported('RETURNING WITH (OLD/NEW) has no PostgREST equivalent.', 'Return the new values only.')
  }
  const builder = new SelectListBuilder(scope)
  for (const expr of clause.exprs ?? []) {
    if (!('ResTarget' in expr)) return rejectNode(expr, 'RETURNING')
    builder.add(expr.ResTarget, expr)
  }
  if (builder.aggregates > 0) return unsupported('Aggregates in RETURNING have no PostgREST equivalent.')
  return builder.root
}

function rejectWith(withClause: unknown, node: Node): void {
  if (withClause)
    unsupported('WITH (common table expressions) has no PostgREST equivalent.', undefined, nodeLocation(node))
}

export function translateInsert(stmt: InsertStmt, node: Node, context: StatementContext): Operation {
  rejectWith(stmt.withClause, node)
  const table = targetTable(stmt.relation, node)
  if (stmt.override && stmt.override !== 'OVERRIDING_NOT_SET') {
    unsupported('OVERRIDING ... VALUE has no PostgREST equivalent.', undefined, nodeLocation(node))
  }
  const columns = (stmt.cols ?? []).map((col) => ('ResTarget' in col ? col.ResTarget : undefined))
  if (columns.some((col) => !col || col.indirection)) {
    return unsupported('INSERT can only name plain columns.', undefined, nodeLocation(node))
  }
  const names = columns.map((col) => col!.name ?? '')
  const rows: JsonObject[] = []
  let usesDefault = false
  const select = stmt.selectStmt
  if (select) {
    const values = 'SelectStmt' in select ? select.SelectStmt.valuesLists : undefined
    if (!values) {
      return unsupported(
        'INSERT ... SELECT has no PostgREST equivalent: the body must hold the values.',
        undefined,
        nodeLocation(select),
      )
    }
    if (names.length === 0) {
      return unsupported(
        'PostgREST needs the column names of an INSERT.',
        'Name the columns: insert into books (title, year) values (...).',
        nodeLocation(node),
      )
    }
    for (const list of values) {
      const items = 'List' in list ? (list.List.items ?? []) : []
      if (items.length !== names.length) {
        return unsupported(
          'Each VALUES row must have one value per named column.',
          undefined,
          nodeLocation(list),
        )
      }
      const row: JsonObject = {}
      items.forEach((item, index) => {
        if ('SetToDefault' in item) {
          usesDefault = true
          return
        }
        const constant = readConstant(item, { warnings: context.warnings, where: 'an INSERT value' })
        if (!constant) rejectNode(item, 'VALUES', 'PostgREST inserts constant values only.')
        row[names[index]!] = constantJson(constant!)
      })
      rows.push(row)
    }
  } else {
    rows.push({}) // DEFAULT VALUES
  }
  const scope = new Scope(table)
  const operation: InsertOperation = {
    kind: 'insert',
    relation: table.relation,
    rows,
    singleRow: rows.length === 1,
    missingAsDefault: usesDefault && rows.length > 1,
  }
  if (stmt.onConflictClause) operation.onConflict = onConflict(stmt.onConflictClause, names, node)
  const returned = returning(stmt.returningClause, scope)
  if (returned) operation.returning = returned
  return operation
}

function onConflict(clause: OnConflictClause, inserted: string[], node: Node): InsertOperation['onConflict'] {
  const infer = clause.infer
  if (infer?.conname) {
    return unsupported(
      'ON CONFLICT ON CONSTRAINT has no PostgREST equivalent.',
      'Name the unique columns: ON CONFLICT (email).',
      clause.location,
    )
  }
  if (infer?.whereClause || clause.whereClause) {
    return unsupported(
      'A WHERE clause in ON CONFLICT has no PostgREST equivalent.',
      undefined,
      clause.location,
    )
  }
  const columns = (infer?.indexElems ?? []).map((elem) => {
    if (!('IndexElem' in elem) || !elem.IndexElem.name)
      return rejectNode(elem, 'ON CONFLICT', 'Name plain columns.')
    return elem.IndexElem.name
  })
  if (clause.action === 'ONCONFLICT_NOTHING') return { columns, resolution: 'ignore-duplicates' }
  if (columns.length === 0) return rejectNode(node, 'ON CONFLICT')
  // PostgREST's merge updates every sent column with the new value, nothing else.
  const expected = inserted.filter((name) => !columns.includes(name))
  const assigned = new Set<string>()
  for (const target of clause.targetList ?? []) {
    const set = 'ResTarget' in target ? target.ResTarget : undefined
    const value = set?.val
    const source = value && 'ColumnRef' in value ? stringList(value.ColumnRef.fields) : []
    const isExcluded = source.length === 2 && source[0] === 'excluded' && source[1] === set?.name
    if (!set?.name || !isExcluded || set.indirection) {
      return unsupported(
        'PostgREST upserts set each column to its new value (col = excluded.col) and nothing else.',
        'Write DO UPDATE SET col = excluded.col for every inserted column.',
        nodeLocation(target),
      )
    }
    if (!columns.includes(set.name)) assigned.add(set.name)
  }
  const same = assigned.size === expected.length && expected.every((name) => assigned.has(name))
  if (!same) {
    return unsupported(
      'PostgREST upserts update every inserted column, so DO UPDATE must set all of them from excluded.',
      `Set ${expected.map((name) => `${name} = excluded.${name}`).join(', ') || 'the inserted columns'}.`,
      clause.location,
    )
  }
  return { columns, resolution: 'merge-duplicates' }
}

function assignments(targets: Node[], context: StatementContext): JsonObject {
  const values: JsonObject = {}
  for (const target of targets) {
    if ('MultiAssignRef' in target) {
      return unsupported(
        'SET (a, b) = (...) has no PostgREST equivalent.',
        'Set each column on its own: SET a = 1, b = 2.',
        nodeLocation(target),
      )
    }
    const set: ResTarget | undefined = 'ResTarget' in target ? target.ResTarget : undefined
    if (!set?.name || set.indirection || !set.val) return rejectNode(target, 'SET', 'Set plain columns.')
    if ('SetToDefault' in set.val) {
      return unsupported(
        'SET col = DEFAULT has no PostgREST equivalent.',
        'Send the default value itself.',
        nodeLocation(set.val),
      )
    }
    const constant = readConstant(set.val, { warnings: context.warnings, where: 'an UPDATE value' })
    if (!constant) {
      return unsupportedWith(
        'PostgREST updates columns to constant values, not to expressions.',
        { kind: 'hold-query' },
        nodeLocation(set.val),
        'Compute the value in your code and send it, or put the statement in a Postgres function and call it through the RPC endpoint.',
      )
    }
    values[set.name] = constantJson(constant)
  }
  return values
}

export function translateUpdate(stmt: UpdateStmt, node: Node, context: StatementContext): Operation {
  rejectWith(stmt.withClause, node)
  if (stmt.fromClause?.length) {
    return unsupported(
      'UPDATE ... FROM has no PostgREST equivalent.',
      undefined,
      nodeLocation(stmt.fromClause[0]),
    )
  }
  const table = targetTable(stmt.relation, node)
  const scope = new Scope(table)
  const values = assignments(stmt.targetList ?? [], context)
  const filters = stmt.whereClause
    ? translateWhere(stmt.whereClause, { scope, warnings: context.warnings, used: new Set() })
    : []
  if (!stmt.whereClause) {
    context.warnings.push({
      code: 'update-without-where',
      message:
        'This UPDATE has no WHERE clause: it changes every row. Servers that require a filter on updates will refuse it.',
    })
  }
  const returned = returning(stmt.returningClause, scope)
  return {
    kind: 'update',
    relation: table.relation,
    values,
    filters,
    ...(returned ? { returning: returned } : {}),
  }
}

export function translateDelete(stmt: DeleteStmt, node: Node, context: StatementContext): Operation {
  rejectWith(stmt.withClause, node)
  if (stmt.usingClause?.length) {
    return unsupported(
      'DELETE ... USING has no PostgREST equivalent.',
      undefined,
      nodeLocation(stmt.usingClause[0]),
    )
  }
  const table = targetTable(stmt.relation, node)
  const scope = new Scope(table)
  const filters = stmt.whereClause
    ? translateWhere(stmt.whereClause, { scope, warnings: context.warnings, used: new Set() })
    : []
  if (!stmt.whereClause) {
    context.warnings.push({
      code: 'delete-without-where',
      message:
        'This DELETE has no WHERE clause: it removes every row. Servers that require a filter on deletes will refuse it.',
    })
  }
  const returned = returning(stmt.returningClause, scope)
  return { kind: 'delete', relation: table.relation, filters, ...(returned ? { returning: returned } : {}) }
}
