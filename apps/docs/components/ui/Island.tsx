import type { ComponentType } from 'react'
import { ISLAND_NAME_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from '@/lib/island-names'

/**
 * A client component with its props written beside its HTML, in a box that takes no part in the
 * layout (`display: contents`). Pages that run the framework hydrate it as usual; a page served
 * without it (the long reference pages) hydrates each island by itself (`features/hydration-islands`).
 * The props must survive JSON: strings, numbers, booleans, arrays and plain objects.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName
  component: ComponentType<Props>
  props: Props
}) {
  const attributes = { [ISLAND_NAME_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }
  return (
    <span className="contents" {...attributes}>
      <Component {...props} />
    </span>
  )
}
