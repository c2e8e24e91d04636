/**
 * `/feedback`: the docs' "Was this page helpful?" answers.
 *
 *   POST  /feedback              { page, helpful }  -> 201 { id }
 *   PATCH /feedback/:id          { comment }        -> 200 { id }   (once per answer)
 *   GET   /feedback?page=&limit=                    -> 200 { entries } (only with `listEntries`)
 *
 * The store opens on the first request, so a server that never receives feedback never touches
 * the data directory.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { z } from 'zod'
import type { FeedbackStore } from './feedback-store'

export const MAX_COMMENT_LENGTH = 2000
export const MAX_PAGE_LENGTH = 512

export const answerSchema = z.strictObject({
  page: z
    .string()
    .max(MAX_PAGE_LENGTH, `must be at most ${MAX_PAGE_LENGTH} characters`)
    .regex(/^\/[^\s?#]*$/, 'must be a site path such as "/guides/getting-started"'),
  helpful: z.boolean({ error: 'must be true or false' }),
})

export const commentSchema = z.strictObject({
  comment: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_COMMENT_LENGTH, `must be at most ${MAX_COMMENT_LENGTH} characters`),
})

const idSchema = z.uuid()

export interface FeedbackRoutesOptions {
  /** The store, opened on first use; a rejection answers 503 and the next request tries again. */
  store: () => Promise<FeedbackStore>
  allowedOrigins: readonly string[]
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
      allowHeaders: ['Content-Type'],
      maxAge: 600,
    }),
  )
  app.use(
    '*',
    bodyLimit({
      maxSize: 8 * 1024,
      onError: (c) => c.json({ message: 'Request body is too large (8 KB at most)' }, 413),
    }),
  )

  const readJson = async (request: Request): Promise<unknown> => request.json().catch(() => undefined)

  const withStore = async (): Promise<{ store: FeedbackStore } | { response: Response }> => {
    try {
      return { store: await options.store() }
    } catch (error) {
      console.error(`feedback: ${(error as Error).message}`)
      return {
        response: Response.json({ message: 'Feedback storage is unavailable right now' }, { status: 503 }),
      }
    }
  }

  app.post('/', async (c) => {
    const parsed = answerSchema.safeParse(await readJson(c.req.raw))
    if (!parsed.success) return c.json({ message: describeIssues(parsed.error) }, 400)
    const opened = await withStore()
    if ('response' in opened) return opened.response
    const entry = await opened.store.record(parsed.data)
    return c.json({ id: entry.id }, 201)
  })

  app.patch('/:id', async (c) => {
    const id = idSchema.safeParse(c.req.param('id'))
    if (!id.success) return c.json({ message: 'Unknown feedback id' }, 404)
    const parsed = commentSchema.safeParse(await readJson(c.req.raw))
    if (!parsed.success) return c.json({ message: describeIssues(parsed.error) }, 400)
    const opened = await withStore()
    if ('response' in opened) return opened.response
    const outcome = await opened.store.addComment(id.data, parsed.data.comment)
    if (outcome === 'not-found') return c.json({ message: 'Unknown feedback id' }, 404)
    if (outcome === 'already-commented') return c.json({ message: 'This answer already has a comment' }, 409)
    return c.json({ id: id.data })
  })

  if (options.listEntries) {
    app.get('/', async (c) => {
      const opened = await withStore()
      if ('response' in opened) return opened.response
      const limit = Number(c.req.query('limit') ?? 100)
      const entries = await opened.store.list({
        page: c.req.query('page') || undefined,
        limit: Number.isFinite(limit) ? limit : 100,
      })
      c.header('cache-control', 'no-store')
      return c.json({ entries })
    })
  }

  return app
}
