export { TableOfContents } from './TableOfContents'
export { TocScrollSpy } from './TocScrollSpy.client'
