import type { ComponentType, ReactNode } from 'react'
import { ISLAND_NAME_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from '@/lib/island-names'
import { propsWithSlots, slotEntries, type IslandSlots } from '@/lib/island-slots'
import { IslandSlot } from './IslandSlot.client'

/**
 * A client component with its props written beside its HTML, in a box that takes no part in the
 * layout (`display: contents`); the page's islands script (`features/hydration-islands`) hydrates
 * it by itself. `props` must survive JSON: strings, numbers, booleans, arrays and plain objects.
 * Server content the component is given (`children`, a list of panels) goes in `slots`: each node
 * sits in a box of its own that the script gives back to the component as HTML.
 */
export function Island<Props extends object, SlotKey extends keyof Props = never>({
  name,
  component: Component,
  props,
  slots,
}: {
  name: IslandName
  component: ComponentType<Props>
  props: Omit<Props, SlotKey>
  slots?: { [Key in SlotKey]: Props[Key] }
}) {
  const entries = slotEntries((slots ?? {}) as IslandSlots)
  const nodes = new Map<string, ReactNode>(entries)
  const allProps = propsWithSlots(
    props,
    entries.map(([slot]) => slot),
    (slot) => (
      <IslandSlot key={slot} name={slot}>
        {nodes.get(slot)}
      </IslandSlot>
    ),
  ) as Props
  const attributes = { [ISLAND_NAME_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }
  return (
    <span className="contents" {...attributes}>
      <Component {...allProps} />
    </span>
  )
}
