/**
 * The storage service's database layer (storage-api v1.0.6 `src/storage/database/knex.ts`) over
 * PGlite: each statement runs inside a transaction whose role and JWT settings are the caller's,
 * set as the service's `TenantConnection.setScope` sets them, so row-level security decides.
 */
import type { PGliteInterface, Transaction } from '@electric-sql/pglite'
import { errors, fromDatabaseError, StorageError } from './errors'
import { isUuid } from './limits'

/** Who a statement runs as: the role and claims of a verified JWT, and the request it serves. */
export interface Scope {
  role: string
  claims: Record<string, unknown>
  jwt: string
  method: string
  path: string
  headers: Record<string, string>
}

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  owner_id?: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date | string | null
  updated_at: Date | string | null
}

export interface ObjectRow {
  id: string | null
  bucket_id?: string
  name: string
  owner?: string | null
  owner_id?: string | null
  version?: string | null
  metadata: Record<string, unknown> | null
  created_at: Date | string | null
  updated_at: Date | string | null
  last_accessed_at: Date | string | null
}

function isDatabaseError(error: unknown): error is { code: string; message: string } {
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    'severity' in error
  )
}

/** Runs one statement, turning a refusal by Postgres into the service's error. */
async function query<T>(tx: Transaction, sql: string, params: unknown[] = []): Promise<T[]> {
  try {
    const result = await tx.query<T>(sql, params)
    return result.rows
  } catch (error) {
    if (isDatabaseError(error)) throw fromDatabaseError(error)
    throw error
  }
}

async function setScope(tx: Transaction, scope: Scope): Promise<void> {
  await query(
    tx,
    `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
            set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
            set_config('request.method', $6, true), set_config('request.path', $7, true)`,
    [
      scope.role,
      scope.jwt,
      typeof scope.claims.sub === 'string' ? scope.claims.sub : '',
      JSON.stringify(scope.claims),
      JSON.stringify(scope.headers),
      scope.method,
      scope.path,
    ],
  )
}

/** A thrown value that only asks for a rollback. */
const rollback = Symbol('rollback')

/** Statements on the storage tables, each set run in one transaction as one scope at a time. */
export class StorageDatabase {
  constructor(
    private readonly db: PGliteInterface,
    /** The caller's scope. */
    readonly scope: Scope,
    /** The service key's scope, which bypasses row-level security. */
    readonly superScope: Scope,
  ) {}

  /** Runs `fn` in one transaction, starting in `scope` (the caller's unless told). */
  async transaction<T>(fn: (tx: ScopedTx) => Promise<T>, scope: Scope = this.scope): Promise<T> {
    return this.db.transaction(async (tx) => {
      const scoped = new ScopedTx(tx, scope, this)
      await setScope(tx, scope)
      return fn(scoped)
    })
  }

  /** Runs `fn` as the caller and rolls it back: whether it would have been allowed. */
  async testPermission(fn: (tx: ScopedTx) => Promise<unknown>): Promise<void> {
    try {
      await this.transaction(async (tx) => {
        await fn(tx)
        throw rollback
      })
    } catch (error) {
      if (error !== rollback) throw error
    }
  }
}

/** One transaction; `as(scope)` runs statements as another scope and comes back. */
export class ScopedTx {
  constructor(
    readonly tx: Transaction,
    private current: Scope,
    private readonly database: StorageDatabase,
  ) {}

  async asSuperUser<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.current
    const target = this.database.superScope
    if (previous === target) return fn()
    await setScope(this.tx, target)
    this.current = target
    try {
      return await fn()
    } finally {
      await setScope(this.tx, previous)
      this.current = previous
    }
  }

  query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return query<T>(this.tx, sql, params)
  }

  // Buckets

  async findBucket(
    id: string,
    options: { isPublic?: boolean; forUpdate?: boolean; dontErrorOnEmpty?: boolean } = {},
  ): Promise<BucketRow | undefined> {
    const [row] = await this.query<BucketRow>(
      `select id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types
       from storage.buckets where id = $1 ${options.isPublic === undefined ? '' : 'and public = $2'}
       limit 1 ${options.forUpdate ? 'for update' : ''}`,
      options.isPublic === undefined ? [id] : [id, options.isPublic],
    )
    if (!row && !options.dontErrorOnEmpty) throw errors.noSuchBucket()
    return row
  }

  listBuckets(): Promise<BucketRow[]> {
    return this.query<BucketRow>(
      `select id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types
       from storage.buckets`,
    )
  }

  async createBucket(bucket: {
    id: string
    name: string
    owner: string | undefined
    public: boolean
    fileSizeLimit: number | null | undefined
    allowedMimeTypes: string[] | null | undefined
  }): Promise<void> {
    try {
      await this.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          bucket.id,
          bucket.name,
          bucket.owner && isUuid(bucket.owner) ? bucket.owner : null,
          bucket.owner ?? null,
          bucket.public,
          bucket.fileSizeLimit ?? null,
          bucket.allowedMimeTypes ?? null,
        ],
      )
    } catch (error) {
      if (error instanceof StorageError && error.code === 'ResourceAlreadyExists') {
        throw errors.bucketAlreadyExists()
      }
      throw error
    }
  }

  async updateBucket(
    id: string,
    fields: { public?: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null },
  ): Promise<void> {
    const sets: string[] = []
    const params: unknown[] = [id]
    for (const [column, value] of Object.entries(fields)) {
      if (value === undefined) continue
      params.push(value)
      sets.push(`${column} = $${params.length}`)
    }
    // An update with nothing to set fails before it reaches the database (knex's "Empty .update()").
    if (sets.length === 0) throw new Error('Empty .update() call detected')
    const rows = await this.query(
      `update storage.buckets set ${sets.join(', ')} where id = $1 returning id`,
      params,
    )
    if (rows.length === 0) throw errors.noSuchBucket()
  }

  async countObjects(bucketId: string): Promise<number> {
    const [row] = await this.query<{ count: number }>(
      `select count(*)::int as count from (select 1 from storage.objects where bucket_id = $1 limit 10) as o`,
      [bucketId],
    )
    return row?.count ?? 0
  }

  async deleteBucket(id: string): Promise<number> {
    const rows = await this.query(`delete from storage.buckets where id = $1 returning id`, [id])
    return rows.length
  }

  // Objects

  async findObject(
    bucketId: string,
    name: string,
    options: { forUpdate?: boolean; dontErrorOnEmpty?: boolean } = {},
  ): Promise<ObjectRow | undefined> {
    const [row] = await this.query<ObjectRow>(
      `select * from storage.objects where name = $1 and bucket_id = $2 limit 1
       ${options.forUpdate ? 'for update' : ''}`,
      [name, bucketId],
    )
    if (!row && !options.dontErrorOnEmpty) throw errors.noSuchKey()
    return row
  }

  findObjects(bucketId: string, names: string[]): Promise<{ name: string }[]> {
    return this.query<{ name: string }>(
      `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
      [bucketId, names],
    )
  }

  listObjects(bucketId: string, limit: number): Promise<{ id: string; name: string }[]> {
    return this.query(`select id, name from storage.objects where bucket_id = $1 limit $2`, [bucketId, limit])
  }

  async createObject(object: {
    bucketId: string
    name: string
    owner: string | undefined
    version: string | null
    metadata: Record<string, unknown> | null
  }): Promise<void> {
    try {
      await this.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          object.bucketId,
          object.name,
          ownerUuid(object.owner),
          object.owner ?? null,
          object.metadata,
          object.version,
        ],
      )
    } catch (error) {
      if (error instanceof StorageError && error.code === 'ResourceAlreadyExists') {
        throw errors.keyAlreadyExists()
      }
      throw error
    }
  }

  async upsertObject(object: {
    bucketId: string
    name: string
    owner: string | undefined
    version: string
    metadata: Record<string, unknown> | null
  }): Promise<ObjectRow> {
    // As knex's merge: an owner the caller does not have keeps the row's.
    const merge = ['metadata = excluded.metadata', 'version = excluded.version']
    if (ownerUuid(object.owner)) merge.push('owner = excluded.owner')
    if (object.owner !== undefined) merge.push('owner_id = excluded.owner_id')
    const [row] = await this.query<ObjectRow>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (name, bucket_id) do update set ${merge.join(', ')}
       returning *`,
      [
        object.bucketId,
        object.name,
        ownerUuid(object.owner),
        object.owner ?? null,
        object.metadata,
        object.version,
      ],
    )
    return row!
  }

  async updateObject(
    bucketId: string,
    name: string,
    fields: {
      name: string
      bucketId?: string
      owner: string | undefined
      version: string
      metadata?: Record<string, unknown>
    },
  ): Promise<ObjectRow> {
    const sets = ['name = $3', 'version = $4']
    const params: unknown[] = [bucketId, name, fields.name, fields.version]
    const add = (column: string, value: unknown) => {
      params.push(value)
      sets.push(`${column} = $${params.length}`)
    }
    if (fields.bucketId !== undefined) add('bucket_id', fields.bucketId)
    if (ownerUuid(fields.owner)) add('owner', ownerUuid(fields.owner))
    if (fields.owner !== undefined) add('owner_id', fields.owner)
    if (fields.metadata !== undefined) add('metadata', fields.metadata)
    const [row] = await this.query<ObjectRow>(
      `update storage.objects set ${sets.join(', ')} where bucket_id = $1 and name = $2 returning *`,
      params,
    )
    if (!row) throw errors.noSuchKey()
    return row
  }

  async deleteObject(bucketId: string, name: string): Promise<ObjectRow | undefined> {
    const [row] = await this.query<ObjectRow>(
      `delete from storage.objects where name = $1 and bucket_id = $2 returning *`,
      [name, bucketId],
    )
    return row
  }

  deleteObjects(bucketId: string, values: string[], by: 'name' | 'id'): Promise<ObjectRow[]> {
    return this.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and ${by}::text = any($2::text[]) returning *`,
      [bucketId, values],
    )
  }

  searchObjects(
    bucketId: string,
    prefix: string,
    options: { limit?: number; offset?: number; search?: string; column?: string; order?: string },
  ): Promise<ObjectRow[]> {
    return this.query<ObjectRow>(`select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)`, [
      prefix,
      bucketId,
      options.limit || 100,
      prefix.split('/').length,
      options.offset || 0,
      options.search || '',
      options.column ?? 'name',
      options.order ?? 'asc',
    ])
  }
}

function ownerUuid(owner: string | undefined): string | null {
  return owner && isUuid(owner) ? owner : null
}
