/** Marks an element whose static HTML the build writes into the page file, not into the route data. */
export const ISLAND_ATTRIBUTE = 'data-static-island'
