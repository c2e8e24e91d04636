import type { ReactNode } from 'react'
import { REF_ATTR, dataAttr } from '../dom-contract'
import { DeferredPart, type SectionRendering } from './DeferredPart'

export interface ReferenceTab {
  /** Unique within the section. */
  id: string
  name: string
  /** The panel's content, rendered with the given rendering (full inside a deferred panel). */
  body: (rendering: SectionRendering) => ReactNode
}

/**
 * Tabs of a section (examples, request variants). Only the first panel's content is on the long
 * page; the others are deferred parts, loaded when chosen. The page script switches them.
 */
export function ReferenceTabs({
  slug,
  label,
  tabs,
  rendering,
}: {
  slug: string
  label: string
  tabs: ReferenceTab[]
  rendering: SectionRendering
}) {
  return (
    <div className="ref-tabs" {...dataAttr(REF_ATTR.tabs)}>
      <div role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${slug}--${tab.id}-tab`}
            aria-controls={`${slug}--${tab.id}`}
            aria-selected={index === 0}
            tabIndex={index === 0 ? 0 : -1}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${slug}--${tab.id}`}
          aria-labelledby={`${slug}--${tab.id}-tab`}
          className="tab-panel"
          data-state={index === 0 ? 'active' : 'inactive'}
        >
          <p className="tab-panel-label">{tab.name}</p>
          {index === 0 ? (
            tab.body(rendering)
          ) : (
            <DeferredPart id={`tab-${tab.id}`} rendering={rendering}>
              {tab.body({ ...rendering, deferred: false })}
            </DeferredPart>
          )}
        </div>
      ))}
    </div>
  )
}
