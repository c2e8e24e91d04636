export { extractIds, extractLinks, findBrokenLinks, formatBrokenLinks, type PageIndex } from './check-links'
