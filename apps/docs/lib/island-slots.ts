import type { ReactNode } from 'react'

/**
 * Server content given to an island: a prop that is a node (`children`) or a list of nodes
 * (`panels`). Each node reaches the page in a box of its own, named after the prop (`children`,
 * `panels.0`), so a page without the framework can give the island that content back as HTML.
 */
export type IslandSlots = Record<string, ReactNode | readonly ReactNode[]>

/** The slot names of `slots`, each with its node. */
export function slotEntries(slots: IslandSlots): [name: string, node: ReactNode][] {
  return Object.entries(slots).flatMap(([prop, value]): [string, ReactNode][] =>
    Array.isArray(value)
      ? value.map((node: ReactNode, index): [string, ReactNode] => [`${prop}.${index}`, node])
      : [[prop, value as ReactNode]],
  )
}

/**
 * Props with every slot put back: `children` as it is, `panels.0`, `panels.1`... as a list in their
 * order. `render` turns a slot's name into what the component gets in its place.
 */
export function propsWithSlots(
  props: object,
  names: readonly string[],
  render: (name: string) => ReactNode,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...props }
  for (const name of names) {
    const [prop, index] = name.split('.') as [string, string | undefined]
    if (index === undefined) {
      merged[prop] = render(name)
      continue
    }
    const list = Array.isArray(merged[prop]) ? (merged[prop] as ReactNode[]) : []
    list[Number(index)] = render(name)
    merged[prop] = list
  }
  return merged
}

type MountIslands = (root: Element) => () => void

let mountIslands: MountIslands | undefined

/**
 * Set by the islands' script of a page without the framework: hydrates the islands inside server
 * content that an island renders anew (a dialog showing a provider's setup).
 */
export function setIslandMount(mount: MountIslands): void {
  mountIslands = mount
}

/**
 * Starts the islands inside `root`; the returned function stops them. Under `next dev`, where the
 * framework renders every component, nothing is set and this does nothing.
 */
export function mountIslandsIn(root: Element | null): () => void {
  return root && mountIslands ? mountIslands(root) : () => undefined
}
