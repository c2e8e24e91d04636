/** Target lists (SELECT ... and RETURNING ...) to PostgREST select items. */
import type { FuncCall, Node, ResTarget, TypeName } from 'libpg-query'
import { unsupported } from '../errors'
import type {
  AggregateFunction,
  Note,
  SelectEmbed,
  SelectField,
  SelectItem,
  Warning,
} from '@docs/postgrest-request'
import { nodeLocation, rejectNode, stringList, typeNameText } from './ast'
import { readColumn, type ColumnTarget, type Scope, type ScopeTable } from './scope'

const AGGREGATES = new Set<AggregateFunction>(['count', 'sum', 'avg', 'min', 'max'])

/** Builds the nested select list, embedding joined tables where their columns are named. */
export class SelectListBuilder {
  readonly root: SelectItem[] = []
  private readonly embeds = new Map<ScopeTable, SelectEmbed>()
  private readonly sortEmbeds = new Map<ScopeTable, SelectEmbed>()
  /** Plain (not aggregated) fields, for GROUP BY checks. */
  readonly plainFields: { table: ScopeTable; key: string }[] = []
  aggregates = 0

  constructor(private readonly scope: Scope) {}

  /** The item list a table's columns go to, creating (spread) embeds on the way. */
  itemsOf(table: ScopeTable): SelectItem[] {
    if (!table.join) return this.root
    const existing = this.embeds.get(table)
    if (existing) return existing.items
    const embed = this.embedFor(table, true, [])
    this.itemsOf(table.join.parent).push(embed)
    this.embeds.set(table, embed)
    return embed.items
  }

  private embedFor(table: ScopeTable, spread: boolean, items: SelectItem[]): SelectEmbed {
    const join = table.join!
    const embed: SelectEmbed = {
      kind: 'embed',
      relation: join.target ?? table.relation.name,
      inner: join.inner,
      spread,
      items,
    }
    if (join.hint !== undefined) embed.hint = join.hint
    return embed
  }

  /** A joined table that shapes the result without returning columns (filters, inner joins). */
  ensureEmbedded(table: ScopeTable): void {
    if (!table.join || this.embeds.has(table)) return
    const embed = this.embedFor(table, false, [])
    this.itemsOf(table.join.parent).push(embed)
    this.embeds.set(table, embed)
  }

  /** The embed a joined table's columns and filters go to, once the select list is built. */
  embedOf(table: ScopeTable): SelectEmbed | undefined {
    return this.embeds.get(table)
  }

  /** The joined table an embed stands for. */
  tableOf(embed: SelectEmbed): ScopeTable | undefined {
    for (const [table, candidate] of this.embeds) if (candidate === embed) return table
    return undefined
  }

  /**
   * A second embed of a table joined to the main one, aliased and selecting nothing, that only
   * serves `order=alias(column)`: an embed without items reads every column of its table under
   * its own name (QueryBuilder.hs readPlanToQuery selects `*` for it) and adds no key to the rows
   * (getJoinSelects leaves an empty embed out). It is a left join whatever the SQL join is: a
   * to-one left join neither drops nor repeats a row, and the table's own embed keeps the rows.
   */
  sortEmbed(table: ScopeTable): SelectEmbed {
    const existing = this.sortEmbeds.get(table)
    if (existing) return existing
    const join = table.join!
    const siblings = this.itemsOf(join.parent)
    const taken = new Set<string>()
    for (const item of siblings) {
      if (item.kind !== 'embed') continue
      taken.add(item.relation)
      if (item.alias !== undefined) taken.add(item.alias)
    }
    const base = `${table.embedName}_order`
    let alias = base
    for (let n = 2; taken.has(alias); n++) alias = `${base}_${n}`
    const embed = this.embedFor(table, false, [])
    embed.alias = alias
    embed.inner = false
    siblings.push(embed)
    this.sortEmbeds.set(table, embed)
    return embed
  }

  /**
   * A spread's columns land in the parent's JSON object, where a key that is already there would
   * overwrite the other value. Such a column gets an alias named after its table (`author_name`);
   * next to `*` too, whose columns are not known here.
   */
  renameCollidingSpreadColumns(notes: Note[], warnings: Warning[]): void {
    renameInLevel(this.root, { notes, warnings })
  }

  add(target: ResTarget, node: Node): void {
    const value = target.val
    if (!value) return rejectNode(node, 'the select list')
    const alias = target.name

    const column = readColumn(value, this.scope)
    if (column) {
      if (column.star) return this.addStar(column, isBareStar(value))
      const whole =
        column.field.jsonPath.length === 0 && column.table === this.scope.main
          ? this.wholeRowReference(value)
          : undefined
      if (whole) return this.addWholeRow(whole, alias)
      return this.addField(column, { kind: 'field', field: column.field }, alias)
    }
    if ('TypeCast' in value && value.TypeCast.arg && value.TypeCast.typeName) {
      const cast = castName(value.TypeCast.typeName, value)
      const inner = value.TypeCast.arg
      const castColumn = readColumn(inner, this.scope)
      if (castColumn && !castColumn.star) {
        return this.addField(castColumn, { kind: 'field', field: castColumn.field, cast }, alias)
      }
      if ('FuncCall' in inner) return this.addAggregate(inner.FuncCall, inner, alias, cast)
      return rejectNode(inner, 'a cast of the select list', 'PostgREST casts columns and aggregates only.')
    }
    if ('FuncCall' in value) return this.addAggregate(value.FuncCall, value, alias, undefined)
    if ('A_Const' in value) {
      return unsupported(
        'A constant in the select list has no PostgREST equivalent.',
        'Select columns only.',
        nodeLocation(value),
      )
    }
    return rejectNode(value, 'the select list')
  }

  private wholeRowReference(value: Node): ScopeTable | undefined {
    if (!('ColumnRef' in value)) return undefined
    const names = stringList(value.ColumnRef.fields)
    return names.length === 1 ? this.scope.wholeRow(names[0]!) : undefined
  }

  private addStar(column: ColumnTarget, bare: boolean): void {
    const tables = bare ? this.scope.tables : [column.table]
    for (const table of tables) {
      const items = this.itemsOf(table)
      if (!items.some((item) => item.kind === 'star')) items.push({ kind: 'star' })
    }
  }

  /** `select a from books b join authors a ...`: the joined row as a nested object. */
  private addWholeRow(table: ScopeTable, alias: string | undefined): void {
    if (this.embeds.has(table)) {
      return unsupported(
        `The table ${table.reference} is selected both whole and by column.`,
        'Select it one way only.',
      )
    }
    const embed = this.embedFor(table, false, [{ kind: 'star' }])
    const name = alias ?? table.reference
    if (name !== embed.relation) {
      embed.alias = name
      // Filters and ordering must then name the embedded resource by its alias.
      table.embedName = name
    }
    this.itemsOf(table.join!.parent).push(embed)
    this.embeds.set(table, embed)
  }

  private addField(column: ColumnTarget, field: SelectField, alias: string | undefined): void {
    if (alias !== undefined && alias !== defaultName(column)) field.alias = alias
    this.plainFields.push({ table: column.table, key: fieldKey(column) })
    this.itemsOf(column.table).push(field)
  }

  private addAggregate(
    call: FuncCall,
    value: Node,
    alias: string | undefined,
    cast: string | undefined,
  ): void {
    const name = stringList(call.funcname).join('.').toLowerCase() as AggregateFunction
    if (call.over) {
      return unsupported(
        'Window functions (OVER) have no PostgREST equivalent.',
        undefined,
        nodeLocation(value),
      )
    }
    if (!AGGREGATES.has(name)) {
      return unsupported(
        `The function ${stringList(call.funcname).join('.')}() in the select list has no PostgREST equivalent.`,
        undefined,
        nodeLocation(value),
      )
    }
    if (call.agg_distinct) {
      return unsupported(`${name}(DISTINCT ...) has no PostgREST equivalent.`, undefined, nodeLocation(value))
    }
    if (call.agg_filter || call.agg_order || call.agg_within_group) {
      return unsupported(
        `FILTER, ORDER BY or WITHIN GROUP in ${name}() has no PostgREST equivalent.`,
        undefined,
        nodeLocation(value),
      )
    }
    this.aggregates++
    if (call.agg_star) {
      if (name !== 'count') return rejectNode(value, 'the select list')
      const item: SelectItem = { kind: 'count-all' }
      if (alias !== undefined && alias !== 'count') item.alias = alias
      if (cast !== undefined) item.cast = cast
      this.root.push(item)
      return
    }
    const args = call.args ?? []
    const arg = args[0]
    if (!arg || args.length > 1) return rejectNode(value, 'the select list')
    let argument = arg
    let argumentCast: string | undefined
    if ('TypeCast' in arg && arg.TypeCast.arg && arg.TypeCast.typeName) {
      argumentCast = castName(arg.TypeCast.typeName, arg)
      argument = arg.TypeCast.arg
    }
    const column = readColumn(argument, this.scope)
    if (!column || column.star) {
      return unsupported(`${name}() needs a column as its argument.`, undefined, nodeLocation(argument))
    }
    const field: SelectField = { kind: 'field', field: column.field, aggregate: name }
    if (argumentCast !== undefined) field.cast = argumentCast
    if (cast !== undefined) field.aggregateCast = cast
    if (alias !== undefined && alias !== name) field.alias = alias
    this.itemsOf(column.table).push(field)
  }
}

/** The JSON key of a select item in its object; undefined for `*` and spreads. */
function outputKey(item: SelectItem): string | undefined {
  switch (item.kind) {
    case 'star':
      return undefined
    case 'count-all':
      return item.alias ?? 'count'
    case 'field': {
      if (item.alias !== undefined) return item.alias
      if (item.aggregate) return item.aggregate
      const last = item.field.jsonPath[item.field.jsonPath.length - 1]
      return last === undefined ? item.field.column : String(last.key)
    }
    case 'embed':
      // An embed that selects nothing adds no key to the row (QueryBuilder.hs getJoinSelects).
      return item.spread || selectsNothing(item) ? undefined : (item.alias ?? item.relation)
  }
}

/** An embed that returns no columns at any depth: it only filters, or keeps the inner join's rows. */
export function selectsNothing(embed: SelectEmbed): boolean {
  return !embed.spread && embed.items.every((item) => item.kind === 'embed' && selectsNothing(item))
}

interface Findings {
  notes: Note[]
  warnings: Warning[]
}

function renameInLevel(items: SelectItem[], findings: Findings): void {
  const taken = new Set<string>()
  for (const item of items) {
    const key = outputKey(item)
    if (key !== undefined) taken.add(key)
  }
  const star = items.some((item) => item.kind === 'star')
  for (const item of items) {
    if (item.kind !== 'embed') continue
    if (item.spread) renameInSpread(item, taken, star, findings)
    else renameInLevel(item.items, findings)
  }
}

function renameInSpread(embed: SelectEmbed, taken: Set<string>, star: boolean, findings: Findings): void {
  for (const item of embed.items) {
    if (item.kind === 'star') {
      // Columns hidden behind `*` cannot be renamed without knowing them.
      if (taken.size > 0 || star) {
        findings.warnings.push({
          code: 'spread-star-collision',
          message: `All columns of ${embed.relation} are spread into the main row, so a column name that both tables have (such as id) appears twice in one JSON object and a JSON client keeps only the last value. Name the columns of ${embed.relation} you need instead, and rename the ones that repeat (AS ...).`,
        })
      }
      continue
    }
    if (item.kind === 'embed' && item.spread) {
      renameInSpread(item, taken, star, findings)
      continue
    }
    if (item.kind === 'embed') renameInLevel(item.items, findings)
    const key = outputKey(item)!
    if (!taken.has(key) && !star) {
      taken.add(key)
      continue
    }
    let alias = `${singular(embed.relation)}_${key}`
    for (let n = 2; taken.has(alias); n++) alias = `${singular(embed.relation)}_${key}_${n}`
    item.alias = alias
    taken.add(alias)
    const reason = taken.has(key)
      ? `another column of the row is also called ${key}`
      : `the * next to it may hold a column called ${key}`
    findings.notes.push({
      code: 'spread-column-renamed',
      message: `The spread puts ${key} of ${embed.relation} in the same JSON object as the main row, and ${reason}: the second key would overwrite the first. It is renamed ${alias} (${alias}:${key}) so both values arrive.`,
    })
  }
}

/** authors -> author, categories -> category, addresses -> address. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.slice(0, -3) + 'y'
  if (/(ss|x|z|ch|sh)es$/.test(name)) return name.slice(0, -2)
  if (/[^s]s$/.test(name)) return name.slice(0, -1)
  return name
}

/** `*` with no table name before it. */
function isBareStar(value: Node): boolean {
  return 'ColumnRef' in value && (value.ColumnRef.fields?.length ?? 0) === 1
}

/** The key a column gets in PostgREST's JSON: the column, or the last key of a JSON path. */
function defaultName(column: ColumnTarget): string {
  const last = column.field.jsonPath[column.field.jsonPath.length - 1]
  return last === undefined ? column.field.column : String(last.key)
}

export function fieldKey(column: ColumnTarget): string {
  return JSON.stringify([column.table.embedPath, column.field])
}

function castName(typeName: TypeName, node: Node): string {
  const type = typeNameText(typeName)
  if (type.hasModifiers) {
    return unsupported(
      `PostgREST casts take a bare type name, so the cast to a type with modifiers or array bounds cannot be sent without changing its meaning.`,
      'Cast to the bare type (for example ::numeric), or create a view that applies the exact cast and query the view.',
      nodeLocation(node),
    )
  }
  if (!/^[A-Za-z0-9_ $]+$/.test(type.name)) {
    return unsupported(
      `PostgREST cannot cast to ${type.name}: a cast must be a plain type name.`,
      'Create a view that applies the cast and query the view.',
      nodeLocation(node),
    )
  }
  return type.name
}
