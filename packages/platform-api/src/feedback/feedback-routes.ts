/**
 * `/feedback`: the docs' "Was this page helpful?" answers.
 *
 *   POST  /feedback              { page, helpful }  -> 201 { id }
 *         Idempotency-Key: <key>                     -> 200 { id } of the first post with that key
 *   PATCH /feedback/:id          { comment }        -> 200 { id }   (once per answer)
 *   GET   /feedback?page=&limit=                    -> 200 { entries } (only with `listEntries`)
 *
 * Writes need `Content-Type: application/json` (415 otherwise), so another site cannot post answers
 * with a "simple" cross-origin request that skips the CORS preflight. Each client may make
 * `rateLimit` requests a minute (429 with Retry-After after that).
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { z } from 'zod'
import { perClientRateLimit } from '../rate-limit'
import type { FeedbackStore } from './feedback-store'

export const MAX_COMMENT_LENGTH = 2000
export const MAX_PAGE_LENGTH = 512

// Postgres text cannot hold NUL; refuse it here, naming the field, rather than fail in the insert.
const withoutNul = (schema: z.ZodString) =>
  schema.refine((text) => !text.includes('\0'), 'must not contain NUL characters')

export const answerSchema = z.strictObject({
  page: withoutNul(z.string())
    .max(MAX_PAGE_LENGTH, `must be at most ${MAX_PAGE_LENGTH} characters`)
    .regex(/^\/[^\s?#]*$/, 'must be a site path such as "/guides/getting-started"'),
  helpful: z.boolean({ error: 'must be true or false' }),
})

export const commentSchema = z.strictObject({
  comment: withoutNul(z.string())
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_COMMENT_LENGTH, `must be at most ${MAX_COMMENT_LENGTH} characters`),
})

const idSchema = z.uuid()

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/**
 * The page's key for one answer: visible ASCII, 16 to 128 characters (a UUID is 36). The IETF
 * draft writes it as a quoted string (`"8e03978e-..."`); a bare value is taken too.
 */
export const idempotencyKeySchema = z
  .string()
  .transform((raw) => raw.trim().replace(/^"(.*)"$/, '$1'))
  .pipe(z.string().regex(/^[\x21-\x7e]{16,128}$/, 'must be 16 to 128 visible ASCII characters'))

export interface FeedbackRoutesOptions {
  store: FeedbackStore
  allowedOrigins: readonly string[]
  /** Requests per minute per client. */
  rateLimit: number
  /** Lists stored answers at GET /feedback (local development and tests only). */
  listEntries?: boolean
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
}

export function createFeedbackRoutes(options: FeedbackRoutesOptions) {
  const app = new Hono()
  app.use(
    '*',
    cors({
      origin: [...options.allowedOrigins],
      allowMethods: ['GET', 'POST', 'PATCH'],
      allowHeaders: ['Content-Type', IDEMPOTENCY_KEY_HEADER],
      maxAge: 600,
    }),
  )
  app.use(
    '*',
    perClientRateLimit({
      limit: options.rateLimit,
      respond: (c) => c.json({ message: 'Too many requests: try again later' }, 429),
    }),
  )
  app.use(
    '*',
    bodyLimit({
      maxSize: 8 * 1024,
      onError: (c) => c.json({ message: 'Request body is too large (8 KB at most)' }, 413),
    }),
  )
  app.on(['POST', 'PATCH'], '*', async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') {
      return c.json({ message: 'Content-Type must be application/json' }, 415)
    }
    await next()
  })

  const readJson = async (request: Request): Promise<unknown> => request.json().catch(() => undefined)

  /** Runs a store operation; a database that fails answers 503 rather than 500. */
  const withStore = async <T>(
    operation: (store: FeedbackStore) => Promise<T>,
  ): Promise<{ value: T } | { response: Response }> => {
    try {
      return { value: await operation(options.store) }
    } catch (error) {
      console.error(`feedback: ${(error as Error).message}`)
      return {
        response: Response.json({ message: 'Feedback storage is unavailable right now' }, { status: 503 }),
      }
    }
  }

  app.post('/', async (c) => {
    const rawKey = c.req.header(IDEMPOTENCY_KEY_HEADER)
    const key = rawKey === undefined ? undefined : idempotencyKeySchema.safeParse(rawKey)
    if (key && !key.success) {
      return c.json({ message: `${IDEMPOTENCY_KEY_HEADER}: ${key.error.issues[0]?.message}` }, 400)
    }
    const parsed = answerSchema.safeParse(await readJson(c.req.raw))
    if (!parsed.success) return c.json({ message: describeIssues(parsed.error) }, 400)
    const recorded = await withStore((store) => store.record({ ...parsed.data, idempotencyKey: key?.data }))
    if ('response' in recorded) return recorded.response
    const outcome = recorded.value
    if (outcome.kind === 'key-reused') {
      return c.json({ message: `${IDEMPOTENCY_KEY_HEADER} was already used for another answer` }, 422)
    }
    // A retry gets the first post's answer: the same id, and no new row.
    return c.json({ id: outcome.entry.id }, outcome.replayed ? 200 : 201)
  })

  app.patch('/:id', async (c) => {
    const id = idSchema.safeParse(c.req.param('id'))
    if (!id.success) return c.json({ message: 'Unknown feedback id' }, 404)
    const parsed = commentSchema.safeParse(await readJson(c.req.raw))
    if (!parsed.success) return c.json({ message: describeIssues(parsed.error) }, 400)
    const commented = await withStore((store) => store.addComment(id.data, parsed.data.comment))
    if ('response' in commented) return commented.response
    const outcome = commented.value
    if (outcome === 'not-found') return c.json({ message: 'Unknown feedback id' }, 404)
    if (outcome === 'already-commented') return c.json({ message: 'This answer already has a comment' }, 409)
    return c.json({ id: id.data })
  })

  if (options.listEntries) {
    app.get('/', async (c) => {
      const limit = Number(c.req.query('limit') ?? 100)
      const listed = await withStore((store) =>
        store.list({ page: c.req.query('page') || undefined, limit: Number.isFinite(limit) ? limit : 100 }),
      )
      if ('response' in listed) return listed.response
      c.header('cache-control', 'no-store')
      return c.json({ entries: listed.value })
    })
  }

  return app
}
