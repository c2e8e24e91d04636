/**
 * Mounts `/feedback` on the platform API. The data directory comes from
 * PLATFORM_API_FEEDBACK_DIR (default: packages/platform-api/.data/feedback, git-ignored).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { createFeedbackRoutes } from './feedback-routes'
import { FeedbackStore } from './feedback-store'

export { createFeedbackRoutes, type FeedbackRoutesOptions } from './feedback-routes'
export { FeedbackStore, FeedbackStoreError, type FeedbackEntry } from './feedback-store'

export const FEEDBACK_DIR_ENV = 'PLATFORM_API_FEEDBACK_DIR'

export const defaultFeedbackDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.data',
  'feedback',
)

export function feedbackDirFrom(env: Record<string, string | undefined>): string {
  const configured = env[FEEDBACK_DIR_ENV]?.trim()
  return configured ? path.resolve(configured) : defaultFeedbackDir
}

/** Opens the store on first use; after a failure the next call tries again. */
export function lazyFeedbackStore(dataDir: string): () => Promise<FeedbackStore> {
  let opening: Promise<FeedbackStore> | undefined
  return () => {
    opening ??= FeedbackStore.open(dataDir).catch((error: unknown) => {
      opening = undefined
      throw error
    })
    return opening
  }
}

// The app's own type parameters do not matter to a mounted sub-app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHono = Hono<any, any, any>

export function mountFeedback(
  app: AnyHono,
  options: {
    env: Record<string, string | undefined>
    allowedOrigins: readonly string[]
    testControls: boolean
  },
): { ready: Promise<void> } {
  const store = lazyFeedbackStore(feedbackDirFrom(options.env))
  app.route(
    '/feedback',
    createFeedbackRoutes({
      store,
      allowedOrigins: options.allowedOrigins,
      listEntries: options.testControls,
    }),
  )
  // Creating a new database takes seconds (longer on a busy machine): do it before the first
  // reader's answer has to wait for it. A failure here is retried on the first request.
  return { ready: store().then(() => undefined) }
}
