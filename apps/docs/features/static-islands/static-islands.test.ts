import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { ISLAND_ATTRIBUTE } from './island-attribute'
import {
  MIN_ISLAND_LENGTH,
  fileIslandStore,
  fillExportIslands,
  fillIslands,
  moveToIslands,
  type IslandStore,
} from './static-islands'

function memoryStore(): IslandStore & { kept: Map<string, string> } {
  const kept = new Map<string, string>()
  return {
    kept,
    save(html) {
      const id = String(kept.size + 1).padStart(20, '0')
      kept.set(id, html)
      return id
    },
    read: (id) => kept.get(id),
  }
}

const long = `<p>${'A section of text. '.repeat(20)}</p>`
const ClientPart = (props: { label: string; children?: unknown }) => props.children as ReactElement
Object.assign(ClientPart, { $$typeof: Symbol.for('react.client.reference') })

describe('moveToIslands', () => {
  it('sends long static HTML to the store and leaves an empty island with the element’s own attributes', () => {
    const store = memoryStore()
    const tree = createElement(
      'div',
      { className: 'page' },
      createElement('section', {
        id: 'intro',
        className: 'ref-section',
        dangerouslySetInnerHTML: { __html: long },
      }),
      createElement('nav', { dangerouslySetInnerHTML: { __html: '<a href="/x">x</a>' } }),
    )
    const markup = renderToStaticMarkup(moveToIslands(tree, store) as ReactElement)
    expect(long.length).toBeGreaterThanOrEqual(MIN_ISLAND_LENGTH)
    expect([...store.kept.values()]).toEqual([long])
    const [id] = [...store.kept.keys()]
    expect(markup).toContain(`<section id="intro" class="ref-section" ${ISLAND_ATTRIBUTE}="${id}"></section>`)
    // Short HTML stays where it was: an island would cost more than it saves.
    expect(markup).toContain('<nav><a href="/x">x</a></nav>')
  })

  it('looks inside the children a client component is given, and keeps its props', () => {
    const store = memoryStore()
    const tree = createElement(
      ClientPart,
      { label: 'tabs' },
      createElement('div', { dangerouslySetInnerHTML: { __html: long } }),
    )
    const moved = moveToIslands(tree, store) as ReactElement<{ label: string; children: ReactElement }>
    expect(moved.props.label).toBe('tabs')
    expect(store.kept.size).toBe(1)
    const child = moved.props.children as ReactElement<Record<string, unknown>>
    expect(child.props.dangerouslySetInnerHTML).toEqual({ __html: '' })
    expect(child.props.suppressHydrationWarning).toBe(true)
  })
})

describe('fillIslands', () => {
  it('puts each island’s HTML back inside its element', () => {
    const store = memoryStore()
    const id = store.save(long)
    const page = `<main><section class="a" ${ISLAND_ATTRIBUTE}="${id}" data-x="1"></section><p>after</p></main>`
    expect(fillIslands(page, store, 'out/reference/cli.html')).toBe(
      `<main><section class="a" ${ISLAND_ATTRIBUTE}="${id}" data-x="1">${long}</section><p>after</p></main>`,
    )
  })

  it('leaves a filled page as it is', () => {
    const store = memoryStore()
    const id = store.save(long)
    const once = fillIslands(`<div ${ISLAND_ATTRIBUTE}="${id}"></div>`, store, 'page.html')
    expect(fillIslands(once, store, 'page.html')).toBe(once)
  })

  it('fails naming the page and the island when the build kept no HTML for it', () => {
    expect(() =>
      fillIslands(
        `<div ${ISLAND_ATTRIBUTE}="0123456789abcdef0123"></div>`,
        memoryStore(),
        'out/reference/api.html',
      ),
    ).toThrow('out/reference/api.html: the build kept no HTML for static island 0123456789abcdef0123')
  })
})

describe('fileIslandStore and fillExportIslands', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps one file per distinct HTML and fills every page that has islands', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'islands-'))
    dirs.push(dir)
    const store = fileIslandStore(dir)
    const first = store.save(long)
    expect(store.save(long)).toBe(first)
    expect(readdirSync(dir)).toEqual([`${first}.html`])
    expect(readFileSync(path.join(dir, `${first}.html`), 'utf8')).toBe(long)
    expect(store.read('../../etc/passwd')).toBeUndefined()

    const files = new Map([
      ['cli.html', `<div ${ISLAND_ATTRIBUTE}="${first}"></div><div ${ISLAND_ATTRIBUTE}="${first}"></div>`],
      ['guide.html', '<p>no islands</p>'],
    ])
    const written: string[] = []
    const result = fillExportIslands(
      [...files.keys()].map((file) => ({ file, name: file })),
      store,
      {
        read: (file) => files.get(file)!,
        write: (file, text) => (written.push(file), files.set(file, text)),
      },
    )
    expect(result).toEqual({ pages: 1, islands: 2 })
    expect(written).toEqual(['cli.html'])
    expect(files.get('cli.html')).toBe(`<div ${ISLAND_ATTRIBUTE}="${first}">${long}</div>`.repeat(2))
  })
})
