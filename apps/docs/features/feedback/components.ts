export { PageFeedback } from './PageFeedback.lazy'
