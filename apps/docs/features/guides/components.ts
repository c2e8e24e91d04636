export { GuideArticle } from './GuideArticle'
export { mdxComponents, type MdxJsxComponents } from './mdx-components'
