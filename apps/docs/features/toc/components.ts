export { TableOfContents } from './TableOfContents.client'
