export { answers, RELEVANCE_QUERIES, type RelevanceQuery } from './relevance-queries'
