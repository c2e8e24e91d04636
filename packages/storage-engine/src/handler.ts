/**
 * The storage API's routes (storage-api v1.0.6 `src/http/routes/bucket`, `src/http/routes/object`)
 * as one fetch-compatible handler. Each route reads the caller's JWT, runs its statements as the
 * caller (or, where the service does, as the service key) and answers as the service does.
 */
import type { PGliteInterface } from '@electric-sql/pglite'
import { StorageDatabase, type BucketRow, type ObjectRow, type Scope } from './database'
import {
  errorResponse,
  errors,
  invalidTokenResponse,
  json,
  RequestValidationError,
  routeNotFoundResponse,
} from './errors'
import { JwtError, signJwt, verifyJwt, type JwtPayload } from './jwt'
import {
  mustBeAllowedMimeType,
  mustBeValidBucketName,
  mustBeValidKey,
  parseFileSizeToBytes,
  validateBucketMimeTypes,
} from './limits'
import { md5Hex } from './md5'
import { MemoryObjectStore, versionKey, type ObjectStore, type StoredFile } from './object-store'

export interface StorageHandlerOptions {
  /** The secret the project's JWTs are signed with (`AUTH_JWT_SECRET`); also signs signed URLs. */
  jwtSecret: string
  /** The largest upload in bytes (`storage.file_size_limit`; the CLI's default is 50 MiB). */
  fileSizeLimit?: number
  /** Where the bytes live; a new `MemoryObjectStore` unless given. */
  store?: ObjectStore
  /** Seconds a signed upload URL stays valid (`UPLOAD_SIGNED_URL_EXPIRATION_TIME`, 60). */
  signedUploadUrlExpiresIn?: number
  /** The path the API is mounted at, `/storage/v1` as behind the platform's gateway. */
  basePath?: string
}

export type StorageHandler = (request: Request) => Promise<Response>

/** storage.file_size_limit's default in the CLI's config: 50 MiB. */
export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024

/** `requestUrlLengthLimit` (7,500) over a quoted uuid's length: how many rows emptying takes at once. */
const EMPTY_BATCH = Math.floor(7500 / (36 + 3))

interface Context {
  request: Request
  url: URL
  /** The path below the base path, as the service sees it (`/object/...`), without the query. */
  path: string
  db: StorageDatabase
  owner: string | undefined
  options: Required<Omit<StorageHandlerOptions, 'store' | 'basePath'>> & { store: ObjectStore }
}

type Route = {
  method: string
  pattern: RegExp
  /** Runs without the caller's JWT, as the service key (public and signed URLs). */
  public?: boolean
  run: (ctx: Context, params: string[]) => Promise<Response>
}

const SEG = '([^/]+)'
const REST = '(.+)'
const route = (method: string, path: string, run: Route['run'], isPublic = false): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(':seg', SEG).replace(':rest', REST)}$`),
  public: isPublic,
  run,
})

// Order matters where fastify prefers a fixed segment to a parameter (`/object/public/...`).
const routes: Route[] = [
  route('GET', '/bucket/?', listBuckets),
  route('GET', '/bucket/:seg', getBucket),
  route('POST', '/bucket/?', createBucket),
  route('PUT', '/bucket/:seg', updateBucket),
  route('POST', '/bucket/:seg/empty', emptyBucket),
  route('DELETE', '/bucket/:seg', deleteBucket),

  route('GET', '/object/public/:seg/:rest', (ctx, p) => downloadPublic(ctx, p, false), true),
  route('HEAD', '/object/public/:seg/:rest', (ctx, p) => downloadPublic(ctx, p, true), true),
  route('GET', '/object/info/public/:seg/:rest', (ctx, p) => downloadPublic(ctx, p, true), true),
  route('GET', '/object/sign/:seg/:rest', downloadSigned, true),
  route('PUT', '/object/upload/sign/:seg/:rest', uploadSigned, true),

  route('POST', '/object/upload/sign/:seg/:rest', createSignedUploadUrl),
  route('POST', '/object/sign/:seg/:rest', createSignedUrl),
  route('POST', '/object/sign/:seg', createSignedUrls),
  route('POST', '/object/move', moveObject),
  route('POST', '/object/copy', copyObject),
  route('POST', '/object/list/:seg', listObjects),
  route('GET', '/object/authenticated/:seg/:rest', (ctx, p) => download(ctx, p, false)),
  route('HEAD', '/object/authenticated/:seg/:rest', (ctx, p) => download(ctx, p, true)),
  route('GET', '/object/info/authenticated/:seg/:rest', (ctx, p) => download(ctx, p, true)),
  route('GET', '/object/info/:seg/:rest', (ctx, p) => download(ctx, p, true)),
  route('GET', '/object/:seg/:rest', (ctx, p) => download(ctx, p, false)),
  route('HEAD', '/object/:seg/:rest', (ctx, p) => download(ctx, p, true)),
  route('POST', '/object/:seg/:rest', (ctx, p) => upload(ctx, p, 'POST')),
  route('PUT', '/object/:seg/:rest', (ctx, p) => upload(ctx, p, 'PUT')),
  route('DELETE', '/object/:seg/:rest', deleteObject),
  route('DELETE', '/object/:seg', deleteObjects),
]

const BEARER = /^Bearer\s+/i

/**
 * A handler for the storage API over `db`, whose `storage` schema is pglite-platform's. Requests
 * to paths outside the base path are 404s, as a missing route is.
 */
export function createStorageHandler(db: PGliteInterface, options: StorageHandlerOptions): StorageHandler {
  if (!options?.jwtSecret) throw new TypeError('createStorageHandler: jwtSecret is required')
  const basePath = (options.basePath ?? '/storage/v1').replace(/\/$/, '')
  const settings: Context['options'] = {
    jwtSecret: options.jwtSecret,
    fileSizeLimit: options.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT,
    signedUploadUrlExpiresIn: options.signedUploadUrlExpiresIn ?? 60,
    store: options.store ?? new MemoryObjectStore(),
  }

  return async (request) => {
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : null
    const found = path === null ? undefined : matchRoute(method, path)
    if (!found || path === null) {
      return routeNotFoundResponse(method, (path ?? url.pathname) + url.search)
    }
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => (headers[name] = value))
    const scopeOf = (role: string, claims: Record<string, unknown>, jwt: string): Scope => ({
      role,
      claims,
      jwt,
      method,
      path: path + url.search,
      headers,
    })
    const superScope = scopeOf('service_role', { role: 'service_role' }, '')

    let scope = superScope
    let owner: string | undefined
    if (!found.route.public) {
      const authorization = request.headers.get('authorization')
      if (authorization === null) {
        return errorResponse(
          new RequestValidationError("headers must have required property 'authorization'"),
        )
      }
      const jwt = authorization.replace(BEARER, '')
      let payload: JwtPayload
      try {
        payload = await verifyJwt(jwt, settings.jwtSecret)
      } catch (error) {
        return invalidTokenResponse(error instanceof Error ? error.message : String(error))
      }
      scope = scopeOf(typeof payload.role === 'string' ? payload.role : 'anon', payload, jwt)
      owner = typeof payload.sub === 'string' ? payload.sub : undefined
    }
    const ctx: Context = {
      request,
      url,
      path,
      db: new StorageDatabase(db, scope, superScope),
      owner,
      options: settings,
    }
    try {
      return await found.route.run(ctx, found.params)
    } catch (error) {
      return errorResponse(error)
    }
  }
}

function matchRoute(method: string, path: string): { route: Route; params: string[] } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method) continue
    const match = candidate.pattern.exec(path)
    if (!match) continue
    try {
      return { route: candidate, params: match.slice(1).map((part) => decodeURIComponent(part)) }
    } catch {
      return undefined
    }
  }
  return undefined
}

// Request bodies

async function jsonBody(ctx: Context): Promise<Record<string, unknown>> {
  const text = await ctx.request.text()
  if (!text) throw new RequestValidationError('body must be object')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new RequestValidationError('body must be object')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new RequestValidationError('body must be object')
  }
  return value as Record<string, unknown>
}

function requireProperties(body: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    if (body[name] === undefined) {
      throw new RequestValidationError(`body must have required property '${name}'`)
    }
  }
}

function stringProperty(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new RequestValidationError(`body/${name} must be string`)
  return value
}

function integerProperty(body: Record<string, unknown>, name: string, minimum: number): number | undefined {
  const value = body[name]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new RequestValidationError(`body/${name} must be integer`)
  }
  if (value < minimum) throw new RequestValidationError(`body/${name} must be >= ${minimum}`)
  return value
}

// Serialisation through the routes' response schemas (fast-json-stringify): listed properties
// only, timestamps as ISO strings, a null where a plain string is declared as an empty string.

function timestamp(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

function bucketJson(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: timestamp(row.created_at) ?? '',
    updated_at: timestamp(row.updated_at) ?? '',
  }
}

function objectJson(row: ObjectRow) {
  const out: Record<string, unknown> = { name: row.name }
  if (row.bucket_id !== undefined) out.bucket_id = row.bucket_id
  if (row.owner !== undefined) out.owner = row.owner ?? ''
  if (row.owner_id !== undefined) out.owner_id = row.owner_id ?? ''
  if (row.version !== undefined) out.version = row.version ?? ''
  out.id = row.id
  out.updated_at = timestamp(row.updated_at)
  out.created_at = timestamp(row.created_at)
  out.last_accessed_at = timestamp(row.last_accessed_at)
  out.metadata = row.metadata
  return out
}

// Buckets (src/http/routes/bucket, src/storage/storage.ts)

async function listBuckets(ctx: Context): Promise<Response> {
  const rows = await ctx.db.transaction((tx) => tx.listBuckets())
  return json(200, rows.map(bucketJson))
}

async function getBucket(ctx: Context, [id]: string[]): Promise<Response> {
  const row = await ctx.db.transaction((tx) => tx.findBucket(id!))
  return json(200, bucketJson(row!))
}

function sizeLimit(ctx: Context, value: unknown): number | null | undefined {
  if (value === undefined) return undefined
  if (value === null) return null
  let bytes: number
  if (typeof value === 'string') bytes = parseFileSizeToBytes(value)
  else if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value
  else throw new RequestValidationError('body/file_size_limit must match a schema in anyOf')
  if (bytes > ctx.options.fileSizeLimit) throw errors.entityTooLarge()
  return bytes
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new RequestValidationError('body/allowed_mime_types must be array')
  }
  const types = (value as string[]).filter((type) => type)
  validateBucketMimeTypes(types)
  return types
}

async function createBucket(ctx: Context): Promise<Response> {
  const body = await jsonBody(ctx)
  requireProperties(body, ['name'])
  const name = stringProperty(body, 'name')
  const id = stringProperty(body, 'id')
  mustBeValidBucketName(name)
  const fileSizeLimit = sizeLimit(ctx, body.file_size_limit)
  const allowedMimeTypes = mimeTypes(body.allowed_mime_types)
  await ctx.db.transaction((tx) =>
    tx.createBucket({
      id: id || name,
      name,
      owner: ctx.owner,
      public: body.public === true,
      fileSizeLimit,
      allowedMimeTypes,
    }),
  )
  return json(200, { name })
}

async function updateBucket(ctx: Context, [id]: string[]): Promise<Response> {
  const body = await jsonBody(ctx)
  mustBeValidBucketName(id)
  const fileSizeLimit = sizeLimit(ctx, body.file_size_limit)
  const allowedMimeTypes = mimeTypes(body.allowed_mime_types)
  await ctx.db.transaction((tx) =>
    tx.updateBucket(id, {
      public: typeof body.public === 'boolean' ? body.public : undefined,
      file_size_limit: fileSizeLimit,
      allowed_mime_types: allowedMimeTypes,
    }),
  )
  return json(200, { message: 'Successfully updated' })
}

async function emptyBucket(ctx: Context, [id]: string[]): Promise<Response> {
  await ctx.db.transaction((tx) => tx.findBucket(id!))
  for (;;) {
    const listed = await ctx.db.transaction((tx) => tx.listObjects(id!, EMPTY_BATCH))
    if (listed.length === 0) break
    const deleted = await ctx.db.transaction((tx) =>
      tx.deleteObjects(
        id!,
        listed.map((row) => row.id),
        'id',
      ),
    )
    await removeFiles(ctx, id!, deleted)
    if (deleted.length !== listed.length) {
      const gone = new Set(deleted.map((row) => row.name))
      const remaining = listed.filter((row) => !gone.has(row.name)).map((row) => row.name)
      throw errors.accessDenied(
        `Cannot delete: ${remaining.join(' ,')}, you may have SELECT but not DELETE permissions`,
      )
    }
  }
  return json(200, { message: 'Successfully emptied' })
}

async function deleteBucket(ctx: Context, [id]: string[]): Promise<Response> {
  await ctx.db.transaction(async (tx) => {
    await tx.asSuperUser(async () => {
      await tx.findBucket(id!, { forUpdate: true })
      if ((await tx.countObjects(id!)) > 0) throw errors.bucketNotEmpty()
    })
    if ((await tx.deleteBucket(id!)) === 0) throw errors.noSuchBucket()
  })
  return json(200, { message: 'Successfully deleted' })
}

// Objects: uploads (src/storage/uploader.ts, ObjectStorage.uploadNewObject / uploadOverridingObject)

interface IncomingFile {
  body: Uint8Array
  mimeType: string
  cacheControl: string
  /** Larger than the limit: refused once the rest of the upload has been checked. */
  truncated: boolean
}

async function incomingFile(ctx: Context, limit: number): Promise<IncomingFile> {
  const contentType = ctx.request.headers.get('content-type') ?? ''
  if (contentType.startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await ctx.request.formData()
    } catch {
      throw errors.noContentProvided()
    }
    // The first file part; the fields before it give the cache time and, optionally, the type.
    let file: File | undefined
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value
        break
      }
    }
    if (!file) throw errors.noContentProvided()
    const cacheTime = form.get('cacheControl')
    const typeField = form.get('contentType')
    const bytes = new Uint8Array(await file.arrayBuffer())
    return {
      body: bytes.length > limit ? bytes.slice(0, limit) : bytes,
      mimeType: (typeof typeField === 'string' && typeField) || file.type || 'application/octet-stream',
      cacheControl: typeof cacheTime === 'string' && cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      truncated: bytes.length > limit,
    }
  }
  const bytes = new Uint8Array(await ctx.request.arrayBuffer())
  const declared = Number(ctx.request.headers.get('content-length') ?? bytes.length)
  return {
    body: bytes,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: ctx.request.headers.get('cache-control') ?? 'no-cache',
    truncated: Math.max(declared, bytes.length) > limit,
  }
}

/** The metadata the file backend reports for a stored version (`FileBackend.headObject`). */
function fileMetadata(file: StoredFile): Record<string, unknown> {
  return {
    eTag: `"${md5Hex(file.body)}"`,
    size: file.body.length,
    mimetype: file.contentType,
    cacheControl: file.cacheControl,
    lastModified: file.lastModified.toISOString(),
    contentLength: file.body.length,
    httpStatusCode: 200,
  }
}

async function canUpload(
  db: StorageDatabase,
  target: { bucketId: string; name: string; owner: string | undefined; isUpsert: boolean },
): Promise<void> {
  await db.testPermission(async (tx) => {
    if (target.isUpsert) {
      await tx.upsertObject({ ...target, version: '1', metadata: null })
    } else {
      await tx.createObject({ ...target, version: '1', metadata: null })
    }
  })
}

/** Stores the file and writes its row as the service key; the previous version is dropped. */
async function storeUpload(
  ctx: Context,
  db: StorageDatabase,
  target: { bucketId: string; name: string; owner: string | undefined; isUpsert: boolean },
  bucket: BucketRow,
): Promise<{ id: string }> {
  await canUpload(db, target)
  const version = crypto.randomUUID()
  const bucketLimit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit)
  const limit =
    bucketLimit === null ? ctx.options.fileSizeLimit : Math.min(bucketLimit, ctx.options.fileSizeLimit)
  const file = await incomingFile(ctx, limit)
  if (bucket.allowed_mime_types) mustBeAllowedMimeType(file.mimeType, bucket.allowed_mime_types)
  if (file.truncated) throw errors.entityTooLarge()
  const stored: StoredFile = {
    body: file.body,
    contentType: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date(),
  }
  const key = versionKey(target.bucketId, target.name, version)
  await ctx.options.store.put(key, stored)
  try {
    const { row, previous } = await db.transaction((tx) =>
      tx.asSuperUser(async () => {
        const previous = await tx.findObject(target.bucketId, target.name, {
          forUpdate: true,
          dontErrorOnEmpty: true,
        })
        const row = await tx.upsertObject({
          bucketId: target.bucketId,
          name: target.name,
          owner: target.owner,
          version,
          metadata: fileMetadata(stored),
        })
        return { row, previous }
      }),
    )
    if (previous && previous.version !== version) {
      await ctx.options.store.delete(versionKey(target.bucketId, target.name, previous.version))
    }
    return { id: row.id! }
  } catch (error) {
    await ctx.options.store.delete(key)
    throw error
  }
}

async function upload(ctx: Context, [bucketId, name]: string[], method: 'POST' | 'PUT'): Promise<Response> {
  mustBeValidBucketName(bucketId)
  mustBeValidKey(name)
  const bucket = await ctx.db.transaction((tx) => tx.asSuperUser(() => tx.findBucket(bucketId)))
  if (method === 'PUT') {
    // Updating needs a row the caller may update.
    await ctx.db.testPermission((tx) =>
      tx.updateObject(bucketId, name, { name, owner: ctx.owner, version: '1' }),
    )
  }
  const isUpsert = method === 'PUT' || ctx.request.headers.get('x-upsert') === 'true'
  const { id } = await storeUpload(ctx, ctx.db, { bucketId, name, owner: ctx.owner, isUpsert }, bucket!)
  return json(200, { Id: id, Key: `${bucketId}/${name}` })
}

// Objects: downloads (src/storage/renderer, FileBackend.getObject / headObject)

async function render(
  ctx: Context,
  row: ObjectRow,
  bucketId: string,
  headOnly: boolean,
  expires?: string,
): Promise<Response> {
  const file = await ctx.options.store.get(versionKey(bucketId, row.name, row.version))
  if (!file) {
    return json(
      400,
      { error: 'Not found', message: 'The resource was not found', statusCode: '404' },
      { 'cache-control': 'no-store' },
    )
  }
  const size = file.body.length
  const checksum = md5Hex(file.body)
  const headers = new Headers({
    'accept-ranges': 'bytes',
    // A page served from storage never renders as HTML.
    'content-type': file.contentType.includes('text/html') ? 'text/plain' : file.contentType,
    // The file backend quotes the ETag of a HEAD and not that of a download.
    etag: headOnly ? `"${checksum}"` : checksum,
    'last-modified': file.lastModified.toUTCString(),
  })
  if (expires) headers.set('expires', expires)
  else headers.set('cache-control', file.cacheControl)
  const download = ctx.url.searchParams.get('download')
  if (download !== null) {
    const encoded = encodeURIComponent(download)
    headers.set(
      'content-disposition',
      download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`,
    )
  }
  if (headOnly) {
    headers.set('content-length', String(size))
    return new Response(null, { status: 200, headers })
  }
  const range = /^bytes=(\d+)-(\d*)$/.exec(ctx.request.headers.get('range') ?? '')
  if (range) {
    const start = Number(range[1])
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
    const part = file.body.slice(start, end + 1)
    headers.set('content-range', `bytes ${start}-${end}/${size}`)
    headers.set('content-length', String(part.length))
    return new Response(part, { status: 206, headers })
  }
  headers.set('content-length', String(size))
  return new Response(file.body.slice(), { status: 200, headers })
}

async function download(ctx: Context, [bucketId, name]: string[], headOnly: boolean): Promise<Response> {
  mustBeValidBucketName(bucketId)
  mustBeValidKey(name)
  const row = await ctx.db.transaction((tx) => tx.findObject(bucketId, name))
  return render(ctx, row!, bucketId, headOnly)
}

async function downloadPublic(
  ctx: Context,
  [bucketId, name]: string[],
  headOnly: boolean,
): Promise<Response> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.findBucket(bucketId!, { isPublic: true })
    mustBeValidBucketName(bucketId)
    mustBeValidKey(name)
    return tx.findObject(bucketId, name)
  })
  return render(ctx, row!, bucketId!, headOnly)
}

// Objects: delete, move, copy, list (src/storage/object.ts)

async function removeFiles(ctx: Context, bucketId: string, rows: ObjectRow[]): Promise<void> {
  for (const row of rows) await ctx.options.store.delete(versionKey(bucketId, row.name, row.version))
}

async function deleteObject(ctx: Context, [bucketId, name]: string[]): Promise<Response> {
  mustBeValidBucketName(bucketId)
  await ctx.db.transaction(async (tx) => {
    await tx.asSuperUser(() => tx.findObject(bucketId, name!, { forUpdate: true }))
    const deleted = await tx.deleteObject(bucketId, name!)
    if (!deleted) throw errors.noSuchKey()
    await removeFiles(ctx, bucketId, [deleted])
  })
  return json(200, { message: 'Successfully deleted' })
}

async function deleteObjects(ctx: Context, [bucketId]: string[]): Promise<Response> {
  const body = await jsonBody(ctx)
  requireProperties(body, ['prefixes'])
  const prefixes = body.prefixes
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw new RequestValidationError('body/prefixes must be array')
  }
  if (prefixes.length < 1) throw new RequestValidationError('body/prefixes must NOT have fewer than 1 items')
  mustBeValidBucketName(bucketId)
  const deleted = await ctx.db.transaction((tx) => tx.deleteObjects(bucketId, prefixes as string[], 'name'))
  await removeFiles(ctx, bucketId, deleted)
  return json(200, deleted.map(objectJson))
}

function moveOrCopyBody(body: Record<string, unknown>) {
  requireProperties(body, ['bucketId', 'sourceKey', 'destinationKey'])
  const bucketId = stringProperty(body, 'bucketId')!
  const sourceKey = stringProperty(body, 'sourceKey')!
  const destinationKey = stringProperty(body, 'destinationKey')!
  const destinationBucket = stringProperty(body, 'destinationBucket') || bucketId
  mustBeValidBucketName(bucketId)
  mustBeValidKey(destinationKey)
  return { bucketId, sourceKey, destinationKey, destinationBucket }
}

async function copyFile(
  ctx: Context,
  from: { bucketId: string; row: ObjectRow },
  to: { bucketId: string; name: string; version: string },
): Promise<StoredFile> {
  const source = await ctx.options.store.get(versionKey(from.bucketId, from.row.name, from.row.version))
  if (!source) throw errors.noSuchKey()
  const copy: StoredFile = { ...source, body: source.body.slice(), lastModified: new Date() }
  await ctx.options.store.put(versionKey(to.bucketId, to.name, to.version), copy)
  return copy
}

async function moveObject(ctx: Context): Promise<Response> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(await jsonBody(ctx))
  const version = crypto.randomUUID()
  await ctx.db.testPermission(async (tx) => {
    await tx.findObject(bucketId, sourceKey)
    await tx.updateObject(bucketId, sourceKey, {
      name: destinationKey,
      version,
      bucketId: destinationBucket,
      owner: ctx.owner,
    })
  })
  const source = await ctx.db.transaction((tx) => tx.asSuperUser(() => tx.findObject(bucketId, sourceKey)))
  if (bucketId === destinationBucket && sourceKey === destinationKey) {
    return json(200, { message: 'Successfully moved' })
  }
  const copy = await copyFile(
    ctx,
    { bucketId, row: source! },
    { bucketId: destinationBucket, name: destinationKey, version },
  )
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.findObject(bucketId, sourceKey, { forUpdate: true })
      await tx.updateObject(bucketId, sourceKey, {
        name: destinationKey,
        bucketId: destinationBucket,
        version,
        owner: ctx.owner,
        metadata: fileMetadata(copy),
      })
    }, ctx.db.superScope)
  } catch (error) {
    await ctx.options.store.delete(versionKey(destinationBucket, destinationKey, version))
    throw error
  }
  await ctx.options.store.delete(versionKey(bucketId, sourceKey, source!.version))
  return json(200, { message: 'Successfully moved' })
}

async function copyObject(ctx: Context): Promise<Response> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(await jsonBody(ctx))
  const key = `${destinationBucket}/${destinationKey}`
  const source = await ctx.db.transaction((tx) => tx.findObject(bucketId, sourceKey))
  if (bucketId === destinationBucket && sourceKey === destinationKey) return json(200, { Key: key })
  await canUpload(ctx.db, {
    bucketId: destinationBucket,
    name: destinationKey,
    owner: ctx.owner,
    isUpsert: false,
  })
  const version = crypto.randomUUID()
  const copy = await copyFile(
    ctx,
    { bucketId, row: source! },
    { bucketId: destinationBucket, name: destinationKey, version },
  )
  try {
    await ctx.db.transaction((tx) =>
      tx.createObject({
        bucketId: destinationBucket,
        name: destinationKey,
        owner: ctx.owner,
        version,
        metadata: fileMetadata(copy),
      }),
    )
  } catch (error) {
    await ctx.options.store.delete(versionKey(destinationBucket, destinationKey, version))
    throw error
  }
  return json(200, { Key: key })
}

const sortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at']

async function listObjects(ctx: Context, [bucketId]: string[]): Promise<Response> {
  const body = await jsonBody(ctx)
  requireProperties(body, ['prefix'])
  let prefix = stringProperty(body, 'prefix') ?? ''
  const limit = integerProperty(body, 'limit', 1)
  const offset = integerProperty(body, 'offset', 0)
  const search = stringProperty(body, 'search')
  let column: string | undefined
  let order: string | undefined
  if (body.sortBy !== undefined) {
    const sortBy = body.sortBy as Record<string, unknown> | null
    if (!sortBy || typeof sortBy !== 'object') throw new RequestValidationError('body/sortBy must be object')
    if (sortBy.column === undefined) {
      throw new RequestValidationError("body/sortBy must have required property 'column'")
    }
    if (typeof sortBy.column !== 'string' || !sortColumns.includes(sortBy.column)) {
      throw new RequestValidationError('body/sortBy/column must be equal to one of the allowed values')
    }
    if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc') {
      throw new RequestValidationError('body/sortBy/order must be equal to one of the allowed values')
    }
    column = sortBy.column
    order = sortBy.order as string | undefined
  }
  mustBeValidBucketName(bucketId)
  // A prefix is a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`
  const rows = await ctx.db.transaction((tx) =>
    tx.searchObjects(bucketId, prefix, { limit, offset, search, column, order }),
  )
  return json(200, rows.map(objectJson))
}

// Signed URLs (ObjectStorage.signObjectUrl / signObjectUrls / signUploadObjectUrl)

/** The part of the request path after `skip` segments, as the service signs it (decodeURI). */
function pathToSign(ctx: Context, skip: number): string {
  return decodeURI(ctx.path.split('/').slice(skip).join('/'))
}

async function createSignedUrl(ctx: Context, [bucketId, name]: string[]): Promise<Response> {
  const body = await jsonBody(ctx)
  requireProperties(body, ['expiresIn'])
  const expiresIn = integerProperty(body, 'expiresIn', 1)!
  mustBeValidBucketName(bucketId)
  mustBeValidKey(name)
  await ctx.db.transaction((tx) => tx.findObject(bucketId, name))
  const url = pathToSign(ctx, 3)
  const token = await signJwt({ url }, ctx.options.jwtSecret, expiresIn)
  return json(200, { signedURL: `/object/sign/${url}?token=${token}` })
}

async function createSignedUrls(ctx: Context, [bucketId]: string[]): Promise<Response> {
  const body = await jsonBody(ctx)
  requireProperties(body, ['expiresIn', 'paths'])
  const expiresIn = integerProperty(body, 'expiresIn', 1)!
  const paths = body.paths
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw new RequestValidationError('body/paths must be array')
  }
  if (paths.length < 1) throw new RequestValidationError('body/paths must NOT have fewer than 1 items')
  mustBeValidBucketName(bucketId)
  const found = await ctx.db.transaction((tx) => tx.findObjects(bucketId, paths as string[]))
  const names = new Set(found.map((row) => row.name))
  const results = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!names.has(path)) {
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        }
      }
      const url = `${bucketId}/${path}`
      const token = await signJwt({ url }, ctx.options.jwtSecret, expiresIn)
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` }
    }),
  )
  return json(200, results)
}

async function verifyToken(ctx: Context): Promise<JwtPayload> {
  const token = ctx.url.searchParams.get('token')
  if (token === null) throw new RequestValidationError("querystring must have required property 'token'")
  try {
    return await verifyJwt(token, ctx.options.jwtSecret)
  } catch (error) {
    throw errors.invalidJwt(error instanceof JwtError ? error.message : 'Invalid JWT')
  }
}

async function downloadSigned(ctx: Context, [bucketId, name]: string[]): Promise<Response> {
  const payload = await verifyToken(ctx)
  if (payload.url !== `${bucketId}/${name}`) throw errors.invalidSignature()
  mustBeValidBucketName(bucketId)
  mustBeValidKey(name)
  const row = await ctx.db.transaction((tx) => tx.findObject(bucketId, name))
  const expires = new Date((payload.exp ?? 0) * 1000).toUTCString()
  return render(ctx, row!, bucketId, false, expires)
}

async function createSignedUploadUrl(ctx: Context, [bucketId, name]: string[]): Promise<Response> {
  mustBeValidBucketName(bucketId)
  const existing = await ctx.db.transaction((tx) =>
    tx.asSuperUser(() => {
      mustBeValidKey(name)
      return tx.findObject(bucketId, name, { dontErrorOnEmpty: true })
    }),
  )
  if (existing) throw errors.keyAlreadyExists()
  await ctx.db.testPermission((tx) =>
    tx.createObject({ bucketId, name: name!, owner: ctx.owner, version: null, metadata: {} }),
  )
  const url = pathToSign(ctx, 4)
  const token = await signJwt(
    { owner: ctx.owner, url },
    ctx.options.jwtSecret,
    ctx.options.signedUploadUrlExpiresIn,
  )
  return json(200, { url: `/object/upload/sign/${url}?token=${token}` })
}

async function uploadSigned(ctx: Context, [bucketId, name]: string[]): Promise<Response> {
  const payload = await verifyToken(ctx)
  if (payload.url !== `${bucketId}/${name}`) throw errors.invalidSignature()
  if ((payload.exp ?? 0) * 1000 < Date.now()) throw errors.expiredSignature()
  mustBeValidBucketName(bucketId)
  mustBeValidKey(name)
  const owner = typeof payload.owner === 'string' ? payload.owner : undefined
  // Public routes run as the service key; the row gets the owner the URL was signed for.
  const bucket = await ctx.db.transaction((tx) => tx.findBucket(bucketId))
  await storeUpload(ctx, ctx.db, { bucketId, name, owner, isUpsert: false }, bucket!)
  return json(200, { Key: `${bucketId}/${name}` })
}
