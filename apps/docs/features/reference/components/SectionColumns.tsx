import type { ReactNode } from 'react'
import { DeferredPart, type SectionRendering } from './DeferredPart'

/**
 * A section's two columns: the text (description, parameters, flags) and, beside it on wide
 * screens, what a reader copies from (examples, requests, responses). One column when narrow.
 * Past the long page's first sections, the second column loads as the section nears the viewport.
 */
export function SectionColumns({
  text,
  side,
  rendering,
}: {
  text: ReactNode
  side: ReactNode
  rendering: SectionRendering
}) {
  if (!side) return text
  return (
    <div className="ref-cols">
      <div className="ref-text">{text}</div>
      <div className="ref-side">
        {/* On a crawler page this marks the column as the part the long page loads. */}
        {rendering.lazyParts || !rendering.deferred ? (
          <DeferredPart
            id="side"
            rendering={rendering}
            lazy
            label={'Examples are on the section\u2019s own page'}
          >
            {side}
          </DeferredPart>
        ) : (
          side
        )}
      </div>
    </div>
  )
}
