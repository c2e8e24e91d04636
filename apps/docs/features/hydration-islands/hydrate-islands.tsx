/**
 * The script of a page served without the framework's runtime: hydrates every island that is not
 * inside another one (that one renders it), each as a root of its own. An island whose code does
 * not load keeps its server HTML, readable and linked, and says so in the console.
 */
import { hydrateRoot } from 'react-dom/client'
import {
  ISLAND_NAME_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_NAMES,
  type IslandName,
} from '@/lib/island-names'
import { ISLAND_LOADERS } from './registry'

const SELECTOR = `[${ISLAND_NAME_ATTRIBUTE}]`

function isIslandName(name: string | null): name is IslandName {
  return (ISLAND_NAMES as readonly (string | null)[]).includes(name)
}

export function hydrateIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) {
    if (element.parentElement?.closest(SELECTOR)) continue
    const name = element.getAttribute(ISLAND_NAME_ATTRIBUTE)
    if (!isIslandName(name)) continue
    let props: object
    try {
      props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as object
    } catch {
      console.error(`Island ${name}: its props are not JSON`)
      continue
    }
    ISLAND_LOADERS[name]().then(
      (Component) => hydrateRoot(element, <Component {...props} />),
      (error: unknown) => console.error(`Island ${name} did not load`, error),
    )
  }
}

hydrateIslands()
