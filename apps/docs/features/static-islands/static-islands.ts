/**
 * Static islands: a reference page's static HTML sent once, not twice.
 *
 * A collapsed static part (see lib/static-markup.ts) reaches the browser twice: as HTML in the page,
 * and as the same HTML in a string of the route data that React reads to hydrate, about 40% of a
 * long reference page's bytes, all parsed as script on the reader's phone. React does not compare
 * or touch the content of an element rendered with `dangerouslySetInnerHTML` while it hydrates, so
 * the route data can carry an empty string instead. The build keeps each part's HTML in a file of
 * its own (`moveToIslands`), and the postbuild step writes it into the page files (`fillIslands`).
 * The crawler page of each section works the same way: its route data is only the site's frame,
 * and the build renders those 500 pages in about 40% less time.
 *
 * The router could not render such a page from its route data alone; no page runs the router
 * (features/hydration-islands), so every link loads its page in full.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { ISLAND_ATTRIBUTE } from './island-attribute'

/** An island's id costs about 45 bytes in the page and in the route data: short parts stay inline. */
export const MIN_ISLAND_LENGTH = 256

export interface IslandStore {
  /** Keeps `html` and returns the id that finds it again. */
  save(html: string): string
  /** The HTML kept under `id`, if any. */
  read(id: string): string | undefined
}

/** Where the build keeps the islands between rendering the pages and the postbuild step. */
export const defaultIslandsDir = () => path.join(process.cwd(), '.next', 'static-islands')

const ID = /^[0-9a-f]{20}$/

/**
 * One file per island, named by a hash of its HTML. The build renders pages in several processes
 * at once, so a file is written under a temporary name and then renamed into place.
 */
export function fileIslandStore(dir = defaultIslandsDir()): IslandStore {
  return {
    save(html) {
      const id = createHash('sha256').update(html).digest('hex').slice(0, 20)
      const file = path.join(dir, `${id}.html`)
      if (!existsSync(file)) {
        mkdirSync(dir, { recursive: true })
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
        writeFileSync(temporary, html)
        renameSync(temporary, file)
      }
      return id
    },
    read(id) {
      if (!ID.test(id)) return undefined
      const file = path.join(dir, `${id}.html`)
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined
    },
  }
}

type Props = Record<string, unknown> & { children?: ReactNode }

/**
 * The same tree with every element whose content is an HTML string of at least MIN_ISLAND_LENGTH
 * turned into an empty island: the string goes to `store`, the element keeps its own attributes.
 */
export function moveToIslands(node: ReactNode, store: IslandStore): ReactNode {
  if (Array.isArray(node)) return node.map((child: ReactNode) => moveToIslands(child, store))
  if (!isValidElement(node)) return node
  const element = node as ReactElement<Props>
  const inner = (element.props.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html
  if (typeof element.type === 'string' && typeof inner === 'string') {
    if (inner.length < MIN_ISLAND_LENGTH) return element
    return cloneElement(element, {
      [ISLAND_ATTRIBUTE]: store.save(inner),
      dangerouslySetInnerHTML: { __html: '' },
      suppressHydrationWarning: true,
    })
  }
  const { children } = element.props
  if (children === undefined || children === null) return element
  const moved = Array.isArray(children)
    ? children.map((child: ReactNode) => moveToIslands(child, store))
    : [moveToIslands(children, store)]
  return cloneElement(element, undefined, ...moved)
}

/** An island as the server renders it: the element, its id, and nothing inside. */
const EMPTY_ISLAND = new RegExp(
  `<([a-z][a-z0-9-]*)\\b([^>]*?)\\s${ISLAND_ATTRIBUTE}="([^"]*)"([^>]*)></\\1>`,
  'g',
)

/**
 * A page file with every island filled in from `store`. Fails, naming the page and the island,
 * when the build kept no HTML for it: the page would otherwise show an empty part.
 */
export function fillIslands(html: string, store: Pick<IslandStore, 'read'>, page: string): string {
  return html.replace(EMPTY_ISLAND, (whole, tag: string, before: string, id: string, after: string) => {
    const inner = store.read(id)
    if (inner === undefined)
      throw new Error(`${page}: the build kept no HTML for static island ${id || '(no id)'}`)
    return `<${tag}${before} ${ISLAND_ATTRIBUTE}="${id}"${after}>${inner}</${tag}>`
  })
}

/** Fills the islands of every page of the export. */
export function fillExportIslands(
  pages: readonly { file: string; name: string }[],
  store: Pick<IslandStore, 'read'> = fileIslandStore(),
  io: { read(file: string): string; write(file: string, text: string): void } = {
    read: (file) => readFileSync(file, 'utf8'),
    write: (file, text) => writeFileSync(file, text),
  },
): { pages: number; islands: number } {
  let filledPages = 0
  let islands = 0
  for (const { file, name } of pages) {
    const html = io.read(file)
    if (!html.includes(ISLAND_ATTRIBUTE)) continue
    let count = 0
    const filled = fillIslands(html, { read: (id) => (count++, store.read(id)) }, name)
    if (count === 0) continue
    io.write(file, filled)
    filledPages += 1
    islands += count
  }
  return { pages: filledPages, islands }
}
