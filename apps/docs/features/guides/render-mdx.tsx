import { evaluate } from '@mdx-js/mdx'
import * as runtime from 'react/jsx-runtime'
import remarkGfm from 'remark-gfm'
import type { ReactElement } from 'react'
import { remarkFacts } from '@/features/platform-facts/remark-facts'
import { mdxComponents } from './mdx-components'
import { remarkCodeBlocks, remarkHeadingIds, type TocEntry } from './remark-plugins'

export interface RenderedMdx {
  content: ReactElement
  toc: TocEntry[]
}

/**
 * Compiles MDX at build time (server only) with the shared plugins and component registry.
 * `file` is used in error messages so a broken page names its source.
 */
export async function renderMdx(source: string, file = '(inline MDX)'): Promise<RenderedMdx> {
  const toc: TocEntry[] = []
  let Content
  try {
    ;({ default: Content } = await evaluate(source, {
      ...runtime,
      remarkPlugins: [remarkGfm, remarkFacts(file), remarkHeadingIds(toc), remarkCodeBlocks(file)],
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
  return { content: <Content components={mdxComponents} />, toc }
}
