/**
 * The schema, as numbered migrations applied once each, in order, inside one transaction under an
 * advisory lock: several API processes starting at once against one server apply each only once.
 * Never edit a migration that has shipped; add the next one.
 */
import type { Database } from './database'

export interface Migration {
  id: number
  name: string
  statements: string[]
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'feedback',
    // `if not exists`: data folders made before migrations existed already have this table.
    statements: [
      `create table if not exists feedback (
        id uuid primary key,
        page text not null,
        helpful boolean not null,
        comment text,
        created_at timestamptz not null default now(),
        commented_at timestamptz
      )`,
      'create index if not exists feedback_page_idx on feedback (page, created_at)',
    ],
  },
  {
    id: 2,
    name: 'revoked tokens',
    statements: [
      `create table revoked_tokens (
        token_id text primary key,
        expires_at timestamptz not null
      )`,
      'create index revoked_tokens_expires_at_idx on revoked_tokens (expires_at)',
    ],
  },
  {
    id: 3,
    name: 'feedback idempotency keys',
    // The key a page sends with an answer: a retried post finds the row the first one stored.
    // Rows from before have none; a unique index allows any number of nulls.
    statements: [
      'alter table feedback add column idempotency_key text',
      'create unique index feedback_idempotency_key_idx on feedback (idempotency_key)',
    ],
  },
  {
    id: 4,
    name: 'store identity',
    // A random id per database, written once: sign-in tokens carry it, so a token is accepted
    // only where its sign-out would be recorded (../auth/tokens.ts).
    statements: [
      `create table store_identity (
        singleton boolean primary key default true check (singleton),
        store_id text not null
      )`,
      'insert into store_identity (store_id) values (gen_random_uuid()::text)',
    ],
  },
]

// Any fixed number: every process that migrates takes the same lock.
const MIGRATION_LOCK = 4_815_162_342

export async function migrate(
  database: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.query(`create table if not exists schema_migrations (
      id integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`)
    const done = new Set(
      (await tx.query<{ id: number }>('select id from schema_migrations')).map((row) => Number(row.id)),
    )
    const applied: number[] = []
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue
      for (const statement of migration.statements) await tx.query(statement)
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [
        migration.id,
        migration.name,
      ])
      applied.push(migration.id)
    }
    return applied
  })
}
