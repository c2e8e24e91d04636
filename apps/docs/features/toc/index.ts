export { type TocEntry } from './toc-entry'
