export { renderMdx, type MdxOptions, type RenderedMdx } from './render-mdx'
export { remarkCodeBlocks, remarkHeadingIds, type RunKeyOf } from './remark-plugins'
export { baseMdxComponents, markdownElements } from './base-components'
