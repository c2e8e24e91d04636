/**
 * The site's search, without a DOM or a file system: the dialog runs it in the browser over
 * Pagefind's web bundle, the MCP server and `bench/search-relevance` run it in Node over the
 * export (`@docs/site-search/node` loads Pagefind from a built site).
 */
export * from './match-quality'
export * from './pagefind-client'
export * from './rank-hits'
export * from './search-results'
export * from './search-synonyms'
export * from './site-search'
export * from './spelling'
