export { extractFromMdx } from './extract-mdx'
export { type CodeSample, formatFailure, languageOf } from './samples'
