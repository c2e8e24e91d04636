/**
 * The to-do table of the edge-functions database guide, built from the page's own runnable SQL in
 * page order, and its policies checked as each API role.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  asAnon,
  asRole,
  asUser,
  attemptSql,
  createAuthUser,
  createPlatformDb,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractFromMdx } from '@/features/code-samples/extract-mdx'

const page = 'content/guides/functions/database.mdx'
const docsDir = path.resolve(import.meta.dirname, '..', '..')

let db: PGlite
let ada: AuthUser
let grace: AuthUser

/** The page's runnable SQL blocks, in page order. */
function pageSql() {
  return extractFromMdx(page, readFileSync(path.join(docsDir, page), 'utf8')).filter(
    (sample) => sample.lang === 'sql' && sample.runnable,
  )
}

beforeAll(async () => {
  db = await createPlatformDb()
  // Everything but the last block (the clean-up delete), which a test runs on its own.
  for (const sample of pageSql().slice(0, -1)) await db.exec(sample.code)
  ada = await createAuthUser(db, { email: 'ada@example.com' })
  grace = await createAuthUser(db, { email: 'grace@example.com' })
}, 120_000)

afterAll(async () => {
  await db?.close()
})

async function addTodo(user: AuthUser, title: string): Promise<number> {
  const { rows } = await asUser(db, user, (tx) =>
    tx.query<{ id: number }>('insert into public.todos (title) values ($1) returning id', [title]),
  )
  return rows[0]!.id
}

describe('the database page of the edge-functions guide', () => {
  it('runs its SQL blocks in page order, ending with the clean-up delete', () => {
    const blocks = pageSql()
    expect(blocks.length).toBe(4)
    expect(blocks.at(-1)!.code).toMatch(/^delete from public\.todos/)
  })

  it('lets a signed-in user add a todo whose owner is filled from the token', async () => {
    const id = await addTodo(ada, 'Write the release notes')
    const { rows } = await db.query<{ owner_id: string }>('select owner_id from public.todos where id = $1', [
      id,
    ])
    expect(rows[0]!.owner_id).toBe(ada.id)
  })

  it('refuses a todo inserted in another user’s name', async () => {
    const outcome = await attemptSql(() =>
      asUser(db, ada, (tx) =>
        tx.query('insert into public.todos (title, owner_id) values ($1, $2)', ['x', grace.id]),
      ),
    )
    expect(outcome.ok).toBe(false)
    if (!outcome.ok) expect(outcome.error.code).toBe('42501')
  })

  it('shows each user only their own todos, and counts only those', async () => {
    await addTodo(grace, 'Review the compiler')
    const adaSees = await asUser(db, ada, (tx) =>
      tx.query<{ title: string }>('select title from public.todos'),
    )
    const graceSees = await asUser(db, grace, (tx) =>
      tx.query<{ title: string }>('select title from public.todos'),
    )
    expect(adaSees.rows.map((r) => r.title)).toEqual(['Write the release notes'])
    expect(graceSees.rows.map((r) => r.title)).toEqual(['Review the compiler'])
    const summary = await asUser(db, grace, (tx) =>
      tx.query<{ total: number; open: number }>('select total::int, open::int from public.todo_summary()'),
    )
    expect(summary.rows[0]).toEqual({ total: 1, open: 1 })
  })

  it('does not let one user update or delete another user’s todo', async () => {
    const id = await addTodo(grace, 'Keep this')
    const updated = await asUser(db, ada, (tx) =>
      tx.query('update public.todos set done = true where id = $1', [id]),
    )
    const deleted = await asUser(db, ada, (tx) => tx.query('delete from public.todos where id = $1', [id]))
    expect(updated.affectedRows).toBe(0)
    expect(deleted.affectedRows).toBe(0)
    const mine = await asUser(db, grace, (tx) =>
      tx.query('update public.todos set done = true where id = $1', [id]),
    )
    expect(mine.affectedRows).toBe(1)
  })

  it('gives visitors nothing to read and nothing to write', async () => {
    const read = await asAnon(db, (tx) => tx.query('select * from public.todos'))
    expect(read.rows).toEqual([])
    const write = await attemptSql(() =>
      asAnon(db, (tx) => tx.query("insert into public.todos (title) values ('x')")),
    )
    expect(write.ok).toBe(false)
  })

  it('lets the service role see every row, and the clean-up delete remove only old finished todos', async () => {
    await addTodo(ada, 'Visible to the service role')
    await addTodo(grace, 'Also visible to the service role')
    const all = await asRole(db, 'service_role', {}, (tx) =>
      tx.query<{ owner_id: string }>('select distinct owner_id from public.todos'),
    )
    expect(all.rows.map((r) => r.owner_id).sort()).toEqual([ada.id, grace.id].sort())
    const oldDone = await addTodo(ada, 'Old and done')
    await db.query(
      "update public.todos set done = true, created_at = now() - interval '100 days' where id = $1",
      [oldDone],
    )
    await addTodo(ada, 'Old but open').then((id) =>
      db.query("update public.todos set created_at = now() - interval '100 days' where id = $1", [id]),
    )
    const { rows } = await db.query<{ id: number }>(pageSql().at(-1)!.code)
    expect(rows.map((r) => r.id)).toEqual([oldDone])
  })
})
