// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { revealCurrentItem, revealCurrentItemScript } from './reveal-current-item'

/** Gives an element the box a browser would lay it out at (jsdom lays out nothing). */
function place(element: Element, top: number, height: number) {
  element.getBoundingClientRect = () => ({ top, bottom: top + height, height }) as DOMRect
}

function setUp({ panelTop, panelHeight, itemTop, headerBottom = 56 }: Record<string, number>) {
  document.body.innerHTML =
    '<header></header><div class="panel"><a href="/a">A</a><a href="/b" aria-current="page">B</a></div>'
  const panel = document.querySelector<HTMLElement>('.panel')!
  Object.defineProperty(panel, 'clientHeight', { value: panelHeight })
  place(document.querySelector('header')!, 0, headerBottom)
  place(panel, panelTop!, panelHeight!)
  place(panel.querySelector('[aria-current]')!, itemTop!, 28)
  return panel
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('revealCurrentItem', () => {
  it('leaves an item that is whole in view where it is', () => {
    const panel = setUp({ panelTop: 56, panelHeight: 844, itemTop: 700 })
    revealCurrentItem(panel)
    expect(panel.scrollTop).toBe(0)
  })

  it('centres an item below the panel in the visible part of the panel', () => {
    window.innerHeight = 900
    const panel = setUp({ panelTop: 56, panelHeight: 844, itemTop: 1200 })
    revealCurrentItem(panel)
    // Visible part 56..900 (844 px): the item's top lands at 56 + (844 - 28) / 2 = 464.
    expect(panel.scrollTop).toBe(1200 - 464)
  })

  it('counts an item cut by the window as out of view, even inside the panel', () => {
    window.innerHeight = 844
    // A panel taller than the window: the item at 830 is inside the panel but cut at 844.
    const panel = setUp({ panelTop: 100, panelHeight: 1000, itemTop: 830 })
    revealCurrentItem(panel)
    expect(panel.scrollTop).toBe(830 - (100 + (844 - 100 - 28) / 2))
  })

  it('keeps clear of the sticky header when the panel runs under it', () => {
    window.innerHeight = 900
    const panel = setUp({ panelTop: -200, panelHeight: 900, itemTop: 10 })
    panel.scrollTop = 500
    revealCurrentItem(panel)
    // Visible part 56..700: the item sat under the header and moves to the middle of that part.
    expect(panel.scrollTop).toBe(500 + 10 - (56 + (700 - 56 - 28) / 2))
  })

  it('does nothing for a panel that is not shown', () => {
    const panel = setUp({ panelTop: 0, panelHeight: 0, itemTop: 1200 })
    revealCurrentItem(panel)
    expect(panel.scrollTop).toBe(0)
    expect(() => revealCurrentItem(null)).not.toThrow()
  })
})

describe('revealCurrentItemScript', () => {
  it('runs on its own, as the page inlines it', () => {
    window.innerHeight = 900
    setUp({ panelTop: 56, panelHeight: 844, itemTop: 1200 })
    const panel = document.querySelector<HTMLElement>('.panel')!
    panel.className = 'scroll-menu'
    const aside = document.createElement('aside')
    aside.className = 'docs-sidebar'
    document.body.append(aside)
    aside.append(panel)
    new Function(revealCurrentItemScript)()
    expect(panel.scrollTop).toBe(1200 - 464)
  })
})
