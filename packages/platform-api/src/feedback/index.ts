export { createFeedbackRoutes, type FeedbackRoutesOptions } from './feedback-routes'
export { FeedbackStore, type FeedbackEntry } from './feedback-store'
