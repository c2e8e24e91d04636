import type { PreparedRequest } from '../prepare-sections'
import { CodeFigure } from './CodeFigure'
import type { SectionRendering } from './DeferredPart'
import { ReferenceTabs } from './ReferenceTabs'

/** The request a reader copies to call an operation: one tab per client (curl, fetch). */
export function RequestExample({
  slug,
  request,
  rendering,
}: {
  slug: string
  request: PreparedRequest
  rendering: SectionRendering
}) {
  return (
    <ReferenceTabs
      slug={slug}
      label="Request examples"
      rendering={rendering}
      tabs={request.variants.map((variant) => ({
        id: `request-${variant.id}`,
        name: variant.name,
        body: () => <CodeFigure code={variant.code} />,
      }))}
    />
  )
}
