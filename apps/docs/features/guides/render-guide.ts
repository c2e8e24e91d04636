import { renderMdx, type RenderedMdx } from '@/features/mdx'
import { mdxComponents } from './mdx-components'
import { guideExampleKey } from './run/guide-example'

/** Compiles a guide's MDX with the guides' components; its ```ts runnable``` blocks get Run keys. */
export function renderGuide(source: string, file?: string): Promise<RenderedMdx> {
  const guide = file?.startsWith('content/guides/') ? file : undefined
  return renderMdx(source, {
    file,
    components: mdxComponents,
    runKey: guide ? (index) => guideExampleKey(guide, index) : undefined,
  })
}
