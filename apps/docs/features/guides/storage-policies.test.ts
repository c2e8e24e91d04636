/**
 * The storage guides' policies, run from the pages themselves and tried as each API role: a
 * visitor (anon), two signed-in users, and service_role. Each storage API call is the SQL command
 * the storage service runs on storage.objects as the caller: upload = insert, download and list =
 * select, move and replace = update, remove = delete.
 */
import {
  asAnon,
  asRole,
  asUser,
  attemptSql,
  authenticatedClaims,
  createAuthUser,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseAfterGuide } from './page-database'

const SETUP_TIMEOUT = 120_000

const upload = (tx: Transaction, bucket: string, name: string) =>
  tx.query(`insert into storage.objects (bucket_id, name) values ($1, $2)`, [bucket, name])

const names = (tx: Transaction, bucket: string) =>
  tx
    .query<{ name: string }>(`select name from storage.objects where bucket_id = $1 order by name`, [bucket])
    .then(({ rows }) => rows.map((row) => row.name))

const moved = (tx: Transaction, bucket: string, from: string, to: string) =>
  tx
    .query(`update storage.objects set name = $3 where bucket_id = $1 and name = $2`, [bucket, from, to])
    .then((result) => result.affectedRows ?? 0)

const removed = (tx: Transaction, bucket: string, name: string) =>
  tx
    .query(`delete from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])
    .then((result) => result.affectedRows ?? 0)

/** The SQLSTATE of a refused statement, or 'ok'. */
async function outcomeOf(run: () => Promise<unknown>): Promise<string> {
  const outcome = await attemptSql(run)
  return outcome.ok ? 'ok' : outcome.error.code
}

const RLS_REFUSED = '42501'

function twoUsers(db: PGlite): Promise<[AuthUser, AuthUser]> {
  return Promise.all([
    createAuthUser(db, { email: 'ada@example.com' }),
    createAuthUser(db, { email: 'grace@example.com' }),
  ])
}

describe('storage/access-control', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/access-control.mdx')
    ;[ada, grace] = await twoUsers(db)
    await asRole(db, 'service_role', null, (tx) => upload(tx, 'brand-assets', 'logo.svg'))
    await asUser(db, ada, (tx) => upload(tx, 'user-files', `${ada.id}/cv.pdf`))
    await asUser(db, grace, (tx) => upload(tx, 'user-files', `${grace.id}/photo.png`))
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('lets anyone read brand assets, and nobody but servers and admins add to them', async () => {
    expect(await asAnon(db, (tx) => names(tx, 'brand-assets'))).toEqual(['logo.svg'])
    expect(await asUser(db, ada, (tx) => names(tx, 'brand-assets'))).toEqual(['logo.svg'])
    expect(await outcomeOf(() => asAnon(db, (tx) => upload(tx, 'brand-assets', 'x.svg')))).toBe(RLS_REFUSED)
    expect(await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'brand-assets', 'x.svg')))).toBe(
      RLS_REFUSED,
    )
    const asAdmin = authenticatedClaims(grace, { app_metadata: { admin: true } })
    expect(
      await outcomeOf(() =>
        asRole(db, 'authenticated', asAdmin, (tx) => upload(tx, 'brand-assets', 'banner.png')),
      ),
    ).toBe('ok')
  })

  it('hides user files from visitors and refuses their uploads', async () => {
    expect(await asAnon(db, (tx) => names(tx, 'user-files'))).toEqual([])
    expect(await outcomeOf(() => asAnon(db, (tx) => upload(tx, 'user-files', `${ada.id}/x.pdf`)))).toBe(
      RLS_REFUSED,
    )
  })

  it('shows each user only the files they uploaded', async () => {
    expect(await asUser(db, ada, (tx) => names(tx, 'user-files'))).toEqual([`${ada.id}/cv.pdf`])
    expect(await asUser(db, grace, (tx) => names(tx, 'user-files'))).toEqual([`${grace.id}/photo.png`])
  })

  it('takes uploads into the uploader’s own folder only, and only documents and images', async () => {
    expect(
      await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'user-files', `${ada.id}/scan.JPG`))),
    ).toBe('ok')
    expect(
      await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'user-files', `${grace.id}/gift.pdf`))),
    ).toBe(RLS_REFUSED)
    expect(
      await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'user-files', `${ada.id}/tool.exe`))),
    ).toBe(RLS_REFUSED)
    expect(await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'user-files', 'cv.pdf')))).toBe(
      RLS_REFUSED,
    )
  })

  it('lets owners rename their files within their folder, and nobody else touch them', async () => {
    expect(
      await asUser(db, ada, (tx) => moved(tx, 'user-files', `${ada.id}/cv.pdf`, `${ada.id}/cv-2024.pdf`)),
    ).toBe(1)
    expect(
      await asUser(db, grace, (tx) =>
        moved(tx, 'user-files', `${ada.id}/cv-2024.pdf`, `${grace.id}/mine.pdf`),
      ),
    ).toBe(0)
    expect(await asAnon(db, (tx) => moved(tx, 'user-files', `${ada.id}/cv-2024.pdf`, 'public.pdf'))).toBe(0)
    // Moving one's own file into another user's folder fails the with-check.
    expect(
      await outcomeOf(() =>
        asUser(db, ada, (tx) => moved(tx, 'user-files', `${ada.id}/cv-2024.pdf`, `${grace.id}/cv.pdf`)),
      ),
    ).toBe(RLS_REFUSED)
  })

  it('lets owners delete their files, and nobody else', async () => {
    expect(await asUser(db, ada, (tx) => removed(tx, 'user-files', `${grace.id}/photo.png`))).toBe(0)
    expect(await asAnon(db, (tx) => removed(tx, 'user-files', `${grace.id}/photo.png`))).toBe(0)
    expect(await asUser(db, grace, (tx) => removed(tx, 'user-files', `${grace.id}/photo.png`))).toBe(1)
  })

  it('gives service_role every file, past all policies', async () => {
    const all = await asRole(db, 'service_role', null, (tx) => names(tx, 'user-files'))
    expect(all).toEqual([`${ada.id}/cv-2024.pdf`, `${ada.id}/scan.JPG`].sort())
    expect(
      await outcomeOf(() =>
        asRole(db, 'service_role', null, (tx) => upload(tx, 'user-files', 'shared/terms.pdf')),
      ),
    ).toBe('ok')
  })

  it('shares a team folder with the team’s members only', async () => {
    const team = '3f1c9a52-8b7e-4d21-9c4a-6e2f0b8d1a73'
    await db.query(`insert into public.team_members (team_id, user_id) values ($1, $2)`, [team, ada.id])
    expect(await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'team-files', `${team}/plan.pdf`)))).toBe(
      'ok',
    )
    expect(
      await outcomeOf(() => asUser(db, grace, (tx) => upload(tx, 'team-files', `${team}/spam.pdf`))),
    ).toBe(RLS_REFUSED)
    expect(await asUser(db, ada, (tx) => names(tx, 'team-files'))).toEqual([`${team}/plan.pdf`])
    expect(await asUser(db, grace, (tx) => names(tx, 'team-files'))).toEqual([])
    expect(await asAnon(db, (tx) => names(tx, 'team-files'))).toEqual([])
  })

  it('keeps the team lookup out of the exposed schema, and closed to visitors', async () => {
    const { rows } = await db.query<{ schema: string }>(
      `select n.nspname as schema from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.proname = 'my_team_ids'`,
    )
    expect(rows).toEqual([{ schema: 'private' }])
    expect(await outcomeOf(() => asAnon(db, (tx) => tx.query('select private.my_team_ids()')))).toBe(
      RLS_REFUSED,
    )
  })
})

describe('storage overview: the documents bucket', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/index.mdx')
    ;[ada, grace] = await twoUsers(db)
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('stores a note under the user’s id and shows it to that user alone', async () => {
    const path = `${ada.id}/notes/today.txt`
    expect(await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'documents', path)))).toBe('ok')
    expect(await outcomeOf(() => asUser(db, grace, (tx) => upload(tx, 'documents', path)))).toBe(RLS_REFUSED)
    expect(await outcomeOf(() => asAnon(db, (tx) => upload(tx, 'documents', `${ada.id}/x.txt`)))).toBe(
      RLS_REFUSED,
    )
    expect(await asUser(db, ada, (tx) => names(tx, 'documents'))).toEqual([path])
    expect(await asUser(db, grace, (tx) => names(tx, 'documents'))).toEqual([])
    expect(await asAnon(db, (tx) => names(tx, 'documents'))).toEqual([])
    expect(await asRole(db, 'service_role', null, (tx) => names(tx, 'documents'))).toEqual([path])
  })
})

describe('storage/uploads: avatars', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/uploads.mdx')
    ;[ada, grace] = await twoUsers(db)
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('takes uploads into the uploader’s folder only', async () => {
    expect(
      await outcomeOf(() => asUser(db, ada, (tx) => upload(tx, 'avatars', `${ada.id}/avatar.png`))),
    ).toBe('ok')
    expect(
      await outcomeOf(() => asUser(db, grace, (tx) => upload(tx, 'avatars', `${ada.id}/fake.png`))),
    ).toBe(RLS_REFUSED)
    expect(await outcomeOf(() => asAnon(db, (tx) => upload(tx, 'avatars', 'anonymous.png')))).toBe(
      RLS_REFUSED,
    )
  })

  it('lets the uploader see and replace their avatar (what upsert needs), and no one else', async () => {
    expect(await asUser(db, ada, (tx) => names(tx, 'avatars'))).toEqual([`${ada.id}/avatar.png`])
    expect(await asUser(db, grace, (tx) => names(tx, 'avatars'))).toEqual([])
    const replace = (tx: Transaction) =>
      tx
        .query(
          `update storage.objects set metadata = '{"size": 2048}' where bucket_id = 'avatars' and name = $1`,
          [`${ada.id}/avatar.png`],
        )
        .then((result) => result.affectedRows ?? 0)
    expect(await asUser(db, ada, replace)).toBe(1)
    expect(await asUser(db, grace, replace)).toBe(0)
    expect(await asAnon(db, replace)).toBe(0)
    expect(await asRole(db, 'service_role', null, replace)).toBe(1)
  })

  it('lets the uploader rename an avatar in their folder, but not move it into another user’s folder', async () => {
    // move() is an update of `name`: the with-check must pin the top folder to the user's id.
    expect(
      await asUser(db, ada, (tx) => moved(tx, 'avatars', `${ada.id}/avatar.png`, `${ada.id}/avatar-old.png`)),
    ).toBe(1)
    expect(
      await outcomeOf(() =>
        asUser(db, ada, (tx) => moved(tx, 'avatars', `${ada.id}/avatar-old.png`, `${grace.id}/avatar.png`)),
      ),
    ).toBe(RLS_REFUSED)
    expect(
      await outcomeOf(() =>
        asUser(db, ada, (tx) => moved(tx, 'avatars', `${ada.id}/avatar-old.png`, 'avatar.png')),
      ),
    ).toBe(RLS_REFUSED)
    expect(await asRole(db, 'service_role', null, (tx) => names(tx, 'avatars'))).toEqual([
      `${ada.id}/avatar-old.png`,
    ])
    // Grace can still upload to her own avatar path.
    expect(
      await outcomeOf(() => asUser(db, grace, (tx) => upload(tx, 'avatars', `${grace.id}/avatar.png`))),
    ).toBe('ok')
  })
})

describe('storage/downloads: invoices and the catalog', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/downloads.mdx')
    ;[ada, grace] = await twoUsers(db)
    await asRole(db, 'service_role', null, async (tx) => {
      await upload(tx, 'invoices', `${ada.id}/0001.pdf`)
      await upload(tx, 'invoices', `${grace.id}/0002.pdf`)
      await upload(tx, 'product-images', 'catalog/sku-1.webp')
      await upload(tx, 'product-images', 'drafts/sku-2.webp')
    })
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('lets each customer download only the invoices in their folder', async () => {
    expect(await asUser(db, ada, (tx) => names(tx, 'invoices'))).toEqual([`${ada.id}/0001.pdf`])
    expect(await asUser(db, grace, (tx) => names(tx, 'invoices'))).toEqual([`${grace.id}/0002.pdf`])
    expect(await asAnon(db, (tx) => names(tx, 'invoices'))).toEqual([])
    expect(await asRole(db, 'service_role', null, (tx) => names(tx, 'invoices'))).toHaveLength(2)
  })

  it('lists the catalog folder to everyone, and no other folder', async () => {
    expect(await asAnon(db, (tx) => names(tx, 'product-images'))).toEqual(['catalog/sku-1.webp'])
    expect(await asUser(db, ada, (tx) => names(tx, 'product-images'))).toEqual(['catalog/sku-1.webp'])
  })
})

describe('storage/signed-urls: contracts', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/signed-urls.mdx')
    ;[ada, grace] = await twoUsers(db)
    await asRole(db, 'service_role', null, async (tx) => {
      await upload(tx, 'contracts', `${ada.id}/lease.pdf`)
      await upload(tx, 'contracts', `${grace.id}/loan.pdf`)
    })
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('lets a customer sign links to their own contracts only', async () => {
    expect(await asUser(db, ada, (tx) => names(tx, 'contracts'))).toEqual([`${ada.id}/lease.pdf`])
    expect(await asUser(db, grace, (tx) => names(tx, 'contracts'))).toEqual([`${grace.id}/loan.pdf`])
    expect(await asAnon(db, (tx) => names(tx, 'contracts'))).toEqual([])
  })

  it('lets account managers sign links to every contract', async () => {
    const manager = authenticatedClaims(grace, { app_metadata: { team: 'accounts' } })
    expect(await asRole(db, 'authenticated', manager, (tx) => names(tx, 'contracts'))).toHaveLength(2)
  })

  it('finds applications whose CV has not arrived', async () => {
    await db.query(
      `insert into public.applications (email, created_at) values ('late@example.com', now() - interval '3 hours')`,
    )
    const { rows } = await db.query<{ email: string }>(
      `select a.email from public.applications a
       left join storage.objects o on o.bucket_id = 'contracts' and o.name = a.cv_path
       where o.id is null and a.created_at < now() - interval '2 hours'`,
    )
    expect(rows.map((row) => row.email)).toEqual(['late@example.com'])
  })
})

describe('storage/deleting: uploads', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/deleting.mdx')
    ;[ada, grace] = await twoUsers(db)
    await asRole(db, 'service_role', null, async (tx) => {
      await upload(tx, 'uploads', `${ada.id}/tmp/draft.txt`)
      await upload(tx, 'uploads', `${grace.id}/tmp/draft.txt`)
    })
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('lets users delete in their own folder only', async () => {
    expect(await asAnon(db, (tx) => removed(tx, 'uploads', `${ada.id}/tmp/draft.txt`))).toBe(0)
    expect(await asUser(db, grace, (tx) => removed(tx, 'uploads', `${ada.id}/tmp/draft.txt`))).toBe(0)
    expect(await asUser(db, ada, (tx) => removed(tx, 'uploads', `${ada.id}/tmp/draft.txt`))).toBe(1)
  })

  it('keeps the clean-up function for servers: service_role may call it, users may not', async () => {
    await db.query(`update storage.objects set created_at = now() - interval '8 days'`)
    const stale = await asRole(db, 'service_role', null, (tx) =>
      tx.query<{ name: string }>(`select name from public.stale_temp_files()`),
    )
    expect(stale.rows.map((row) => row.name)).toEqual([`${grace.id}/tmp/draft.txt`])
    expect(
      await outcomeOf(() => asUser(db, ada, (tx) => tx.query(`select * from public.stale_temp_files()`))),
    ).toBe(RLS_REFUSED)
    expect(
      await outcomeOf(() => asAnon(db, (tx) => tx.query(`select * from public.stale_temp_files()`))),
    ).toBe(RLS_REFUSED)
  })
})

describe('storage/s3: videos uploaded under a session token', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  /** The permission test Storage 1.0.6 runs for PutObject: an upsert that returns the row. */
  const putObject = (tx: Transaction, name: string) =>
    tx.query(
      `insert into storage.objects (bucket_id, name) values ('videos', $1)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata
       returning *`,
      [name],
    )

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/s3.mdx')
    ;[ada, grace] = await twoUsers(db)
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('takes a PutObject into the signer’s own folder only, and none from visitors', async () => {
    expect(await outcomeOf(() => asUser(db, ada, (tx) => putObject(tx, `${ada.id}/talk.mp4`)))).toBe('ok')
    expect(await outcomeOf(() => asUser(db, grace, (tx) => putObject(tx, `${ada.id}/fake.mp4`)))).toBe(
      RLS_REFUSED,
    )
    expect(await outcomeOf(() => asUser(db, ada, (tx) => putObject(tx, 'talk.mp4')))).toBe(RLS_REFUSED)
    expect(await outcomeOf(() => asAnon(db, (tx) => putObject(tx, `${ada.id}/anon.mp4`)))).toBe(RLS_REFUSED)
  })

  it('refuses a PutObject that would overwrite a video, since the page gives no update policy', async () => {
    expect(await outcomeOf(() => asUser(db, ada, (tx) => putObject(tx, `${ada.id}/talk.mp4`)))).toBe(
      RLS_REFUSED,
    )
    expect(await outcomeOf(() => asUser(db, grace, (tx) => putObject(tx, `${ada.id}/talk.mp4`)))).toBe(
      RLS_REFUSED,
    )
  })

  it('lists and reads each user’s videos for that user alone', async () => {
    await asUser(db, grace, (tx) => putObject(tx, `${grace.id}/demo.webm`))
    expect(await asUser(db, ada, (tx) => names(tx, 'videos'))).toEqual([`${ada.id}/talk.mp4`])
    expect(await asUser(db, grace, (tx) => names(tx, 'videos'))).toEqual([`${grace.id}/demo.webm`])
    expect(await asAnon(db, (tx) => names(tx, 'videos'))).toEqual([])
  })

  it('gives access keys (the service role) every video', async () => {
    expect(await asRole(db, 'service_role', null, (tx) => names(tx, 'videos'))).toHaveLength(2)
  })

  it('creates a private bucket that takes videos up to 1 GiB', async () => {
    const { rows } = await db.query<{
      public: boolean
      file_size_limit: string
      allowed_mime_types: string[]
    }>(`select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = 'videos'`)
    expect(rows).toEqual([
      { public: false, file_size_limit: String(1024 ** 3), allowed_mime_types: ['video/mp4', 'video/webm'] },
    ])
  })
})

describe('storage/limits: buckets without a limit of their own', { timeout: 30_000 }, () => {
  let db: PGlite

  beforeAll(async () => {
    db = await databaseAfterGuide('storage/limits.mdx')
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('lists only the bucket that falls back to the global limit', async () => {
    const { rows } = await db.query<{ id: string }>(
      `select id from storage.buckets where file_size_limit is null`,
    )
    expect(rows.map((row) => row.id)).toEqual(['attachments'])
  })
})
