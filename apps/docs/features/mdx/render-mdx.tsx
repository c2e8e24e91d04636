import { evaluate } from '@mdx-js/mdx'
import * as runtime from 'react/jsx-runtime'
import remarkGfm from 'remark-gfm'
import type { MDXComponents } from 'mdx/types'
import type { ReactElement } from 'react'
import { remarkFacts } from '@/features/platform-facts'
import type { TocEntry } from '@/features/toc'
import { remarkCodeBlocks, remarkHeadingIds, type RunKeyOf } from './remark-plugins'

export interface RenderedMdx {
  content: ReactElement
  toc: TocEntry[]
}

export interface MdxOptions {
  /** The source file, named in error messages so a broken page names its source. */
  file?: string
  /** The components the page may use by name, and Markdown's elements it overrides. */
  components: MDXComponents
  /** Makes ```ts runnable``` blocks carry a Run key (guides only). */
  runKey?: RunKeyOf
}

/**
 * Compiles MDX at build time (server only) with the site's remark plugins: tables and task lists,
 * `<Fact>` values, heading ids for the "On this page" list, and fenced code as `<CodeBlock>`.
 */
export async function renderMdx(source: string, options: MdxOptions): Promise<RenderedMdx> {
  const { file = '(inline MDX)', components, runKey } = options
  const toc: TocEntry[] = []
  let Content
  try {
    ;({ default: Content } = await evaluate(source, {
      ...runtime,
      remarkPlugins: [remarkGfm, remarkFacts(file), remarkHeadingIds(toc), remarkCodeBlocks(runKey)],
      development: false,
    }))
  } catch (error) {
    const err = error as Error & {
      line?: number
      column?: number
      place?: { line?: number; column?: number; start?: { line: number; column: number } }
    }
    const line = err.line ?? err.place?.start?.line ?? err.place?.line
    const column = err.column ?? err.place?.start?.column ?? err.place?.column
    const where = line ? `:${line}${column ? `:${column}` : ''}` : ''
    throw new Error(`${file}${where}: MDX does not compile: ${err.message}`, { cause: error })
  }
  return { content: <Content components={components} />, toc }
}
