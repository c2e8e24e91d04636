/**
 * The reference's pages, for `app/reference/[...path]`: the route helpers and the two page
 * components (the long page per library version, the small crawler page per section).
 *
 * Apart from `./index` because the components import the reference stylesheet, which only the
 * Next build can load; build scripts and the static server import `@/features/reference`.
 */
export {
  latestOf,
  listReferenceRouteParams,
  matchReferenceRoute,
  referenceRouteMetadata,
  type ReferenceRoute,
} from './routes'
export { CrawlerPage } from './components/CrawlerPage'
export { ReferenceLongPage } from './components/ReferenceLongPage'
