export { guideToMarkdown } from './guide-markdown'
export { markdownPath } from './llms-txt'
export { mdxToMarkdown, parseMdx } from './mdx-to-markdown'
export { referenceSectionToMarkdown } from './reference-markdown'
