/**
 * The script of a page served without the framework's runtime: hydrates every island, each as a
 * root of its own. An island inside another island's markup is that one's to render; an island
 * inside server content another island was given (a slot: a tab panel's text) starts by itself.
 * An island whose code does not load keeps its server HTML, readable and linked, and says so in
 * the console.
 */
import { useEffect, type ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { IslandSlot } from '@/components/ui/IslandSlot.client'
import {
  ISLAND_NAME_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_NAMES,
  ISLAND_SLOT_ATTRIBUTE,
  type IslandName,
} from '@/lib/island-names'
import { propsWithSlots, setIslandMount } from '@/lib/island-slots'
import { ISLAND_LOADERS } from './registry'

const ISLAND = `[${ISLAND_NAME_ATTRIBUTE}]`
const SLOT = `[${ISLAND_SLOT_ATTRIBUTE}]`

/** Each island starts once, whoever finds it first. */
const started = new WeakSet<Element>()
let rootCount = 0

function isIslandName(name: string | null): name is IslandName {
  return (ISLAND_NAMES as readonly (string | null)[]).includes(name)
}

/** The island or slot closest around `element`, outside it. */
const container = (element: Element) => element.parentElement?.closest(`${ISLAND}, ${SLOT}`) ?? null

/** The island's own slots (not those of islands inside it), by name, as HTML. */
function slotsOf(island: Element): Map<string, string> {
  const slots = new Map<string, string>()
  for (const slot of island.querySelectorAll(SLOT)) {
    const name = slot.getAttribute(ISLAND_SLOT_ATTRIBUTE)
    // A slot rendered twice (a setup shown in a dialog and kept for the page) is read once.
    if (name && container(slot) === island && !slots.has(name)) slots.set(name, slot.innerHTML)
  }
  return slots
}

/** Calls `onCommit` once its island's first render is on the page, effects included. */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit])
  return children
}

/**
 * Starts one island. The promise settles once the island's first render is committed (or its code
 * failed to load), with its root.
 */
function start(island: HTMLElement): Promise<Root | undefined> {
  const name = island.getAttribute(ISLAND_NAME_ATTRIBUTE)
  if (!isIslandName(name)) return Promise.resolve(undefined)
  let props: object
  try {
    props = JSON.parse(island.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as object
  } catch {
    console.error(`Island ${name}: its props are not JSON`)
    return Promise.resolve(undefined)
  }
  const slots = slotsOf(island)
  const allProps = propsWithSlots(props, [...slots.keys()], (slot) => (
    <IslandSlot key={slot} name={slot} html={slots.get(slot)} />
  ))
  // Ids made in the browser (a dialog's) stay apart from those of the other roots.
  const identifierPrefix = `i${rootCount++}-`
  return ISLAND_LOADERS[name]().then(
    (Component) =>
      new Promise<Root>((resolve) => {
        const root = hydrateRoot(
          island,
          <Committed onCommit={() => resolve(root)}>
            <Component {...allProps} />
          </Committed>,
          { identifierPrefix },
        )
      }),
    (error: unknown) => {
      console.error(`Island ${name} did not load`, error)
      return undefined
    },
  )
}

/**
 * Starts every island in `root` that no other island renders. Returns a function that stops them,
 * and a promise that settles once every one of them has rendered (or failed to load).
 */
export function hydrateIslands(root: ParentNode = document): { stop: () => void; ready: Promise<unknown> } {
  const roots: Promise<Root | undefined>[] = []
  for (const island of root.querySelectorAll<HTMLElement>(ISLAND)) {
    if (started.has(island) || container(island)?.matches(ISLAND)) continue
    started.add(island)
    roots.push(start(island))
  }
  return {
    stop: () => {
      for (const root of roots) void root.then((started) => started?.unmount())
    },
    ready: Promise.all(roots),
  }
}

setIslandMount((root) => hydrateIslands(root).stop)
// Every control of the page works from here on: a mark for tests and tools that drive the page.
void hydrateIslands().ready.then(() => document.documentElement.setAttribute('data-islands-ready', ''))
