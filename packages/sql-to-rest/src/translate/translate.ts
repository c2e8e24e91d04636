/** SQL text to a request model: parse, pick the statement, translate it. */
import type { Node } from 'libpg-query'
import {
  TranslationFailure,
  unimplemented,
  unsupported,
  unsupportedWith,
  type TranslateError,
} from '../errors'
import type { Note, RequestModel, Warning } from '@docs/postgrest-request'
import type { SqlParser } from '../parser/load-parser'
import { buildRequest } from '@docs/postgrest-request'
import { withAdvice } from './advice'
import { nodeTag } from './ast'
import { translateSelect, type StatementContext } from './select'
import { translateDelete, translateInsert, translateUpdate } from './writes'

export type TranslateResult =
  | { ok: true; request: RequestModel; warnings: Warning[]; notes: Note[] }
  | { ok: false; error: TranslateError }

export function translateWith(parser: SqlParser, sql: string): TranslateResult {
  try {
    return { ok: true, ...translateStatement(parser, sql) }
  } catch (error) {
    if (error instanceof TranslationFailure) {
      if (!error.remedy) return { ok: false, error: error.error }
      const translates = (text: string) => {
        try {
          translateStatement(parser, text)
          return true
        } catch {
          return false
        }
      }
      return { ok: false, error: withAdvice(error.error, error.remedy, sql, parser, translates) }
    }
    // A fault of the translator itself: still a value, never an exception for the caller.
    const detail = error instanceof Error ? error.message : String(error)
    return {
      ok: false,
      error: {
        kind: 'unimplemented',
        message: `Internal error while translating this statement: ${detail}`,
        hint: 'Simplify the statement; this is a fault of the translator, not of your SQL.',
      },
    }
  }
}

const EMPTY_HINT = 'Type one SELECT, INSERT, UPDATE or DELETE statement.'

function translateStatement(
  parser: SqlParser,
  sql: string,
): { request: RequestModel; warnings: Warning[]; notes: Note[] } {
  if (sql.trim() === '') unsupported('There is no SQL to translate.', EMPTY_HINT)
  const parsed = parser.parse(sql)
  if (!parsed.ok) throw new TranslationFailure(parseError(sql, parsed.message, parsed.position))
  const statements = parsed.tree.stmts ?? []
  const first = statements[0]
  if (!first?.stmt) return unsupported('There is no SQL statement to translate, only comments.', EMPTY_HINT)
  if (statements.length > 1) {
    unsupportedWith(
      'Several statements cannot be sent as one REST request.',
      { kind: 'hold-query' },
      statements[1]?.stmt_location ?? undefined,
    )
  }
  const warnings: Warning[] = []
  const notes: Note[] = []
  const operation = translateNode(first.stmt, { warnings, notes })
  return { request: buildRequest(operation), warnings, notes }
}

function translateNode(node: Node, context: StatementContext) {
  if ('SelectStmt' in node) return translateSelect(node.SelectStmt, node, context)
  if ('InsertStmt' in node) return translateInsert(node.InsertStmt, node, context)
  if ('UpdateStmt' in node) return translateUpdate(node.UpdateStmt, node, context)
  if ('DeleteStmt' in node) return translateDelete(node.DeleteStmt, node, context)
  if ('ExplainStmt' in node) {
    return unimplemented(
      'EXPLAIN is not translated.',
      'Translate the statement without EXPLAIN, then send it with the header Accept: application/vnd.pgrst.plan+text (the server must enable db-plan-enabled).',
    )
  }
  const name = statementName(nodeTag(node))
  return unsupported(
    `${name} statements have no REST equivalent: PostgREST reads and writes rows only.`,
    name === 'MERGE'
      ? 'Use an INSERT ... ON CONFLICT, or a Postgres function called through the RPC endpoint.'
      : 'Run it in the SQL editor or a migration, or wrap it in a Postgres function and call it through the RPC endpoint.',
  )
}

// CreateStmt -> CREATE, AlterTableStmt -> ALTER TABLE, VariableSetStmt -> SET ...
const STATEMENT_NAMES: Record<string, string> = {
  CreateStmt: 'CREATE TABLE',
  VariableSetStmt: 'SET',
  VariableShowStmt: 'SHOW',
  TransactionStmt: 'Transaction',
  ExplainStmt: 'EXPLAIN',
  CopyStmt: 'COPY',
  MergeStmt: 'MERGE',
  TruncateStmt: 'TRUNCATE',
  DropStmt: 'DROP',
  GrantStmt: 'GRANT',
  IndexStmt: 'CREATE INDEX',
  ViewStmt: 'CREATE VIEW',
  CreateFunctionStmt: 'CREATE FUNCTION',
  CallStmt: 'CALL',
  DoStmt: 'DO',
}

function statementName(tag: string): string {
  return (
    STATEMENT_NAMES[tag] ??
    tag
      .replace(/Stmt$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toUpperCase()
  )
}

function parseError(sql: string, message: string, position: number | undefined): TranslateError {
  const error: TranslateError = {
    kind: 'parse',
    message: `Invalid SQL: ${message}.`,
    hint: 'Check the SQL syntax.',
  }
  if (position === undefined) return error
  const line = sql.slice(0, position).split('\n').length
  const lineStart = sql.lastIndexOf('\n', position - 1) + 1
  const column = position - lineStart + 1
  const near = sql.slice(position, position + 20).split('\n')[0]
  error.position = position
  error.hint = near
    ? `Check the SQL at line ${line}, column ${column}, near "${near}".`
    : `Check the SQL at line ${line}, column ${column}: the statement ends too early.`
  return error
}
