// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dismissDisclosures } from './dismiss-disclosures'

let controller: AbortController

beforeEach(() => {
  controller = new AbortController()
  document.body.innerHTML = `
    <div class="bar">
      <details class="one"><summary>Contents</summary></details>
      <details class="two" open><summary>On this page</summary><a href="#usage">Usage</a></details>
      <aside><a href="/guides/other">Other</a><details class="group" open><summary>Auth</summary><a href="#passwords">Passwords</a></details></aside>
    </div>
    <p class="outside">Text</p>`
})
afterEach(() => controller.abort())

const bar = () => document.querySelector<HTMLElement>('.bar')!
const two = () => document.querySelector<HTMLDetailsElement>('.two')!
const press = (key: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true }))

describe('dismissDisclosures', () => {
  it('closes the open panel on Escape and gives focus back to its button', () => {
    dismissDisclosures(bar(), controller.signal)
    press('Enter')
    expect(two().open).toBe(true)
    press('Escape')
    expect(two().open).toBe(false)
    expect(document.activeElement).toBe(two().querySelector('summary'))
  })

  it('leaves focus alone when nothing is open', () => {
    two().open = false
    dismissDisclosures(bar(), controller.signal)
    press('Escape')
    expect(document.activeElement).toBe(document.body)
  })

  it('closes on a press outside the scope, not inside it', () => {
    dismissDisclosures(bar(), controller.signal)
    document.querySelector('aside')!.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(two().open).toBe(true)
    document.querySelector('.outside')!.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(two().open).toBe(false)
  })

  it('closes after a jump to a heading, not after a click on another link', () => {
    dismissDisclosures(bar(), controller.signal)
    // jsdom cannot follow a link to another page.
    document.addEventListener('click', (event) => event.preventDefault(), { signal: controller.signal })
    document.querySelector<HTMLElement>('aside a')!.click()
    expect(two().open).toBe(true)
    two().querySelector('a')!.click()
    expect(two().open).toBe(false)
  })

  it('works on a single <details> and stops when its signal aborts', () => {
    dismissDisclosures(two(), controller.signal)
    controller.abort()
    press('Escape')
    expect(two().open).toBe(true)
  })

  it('leaves the disclosures inside its panels alone: the sidebar groups stay as the reader left them', () => {
    two().open = false
    const group = document.querySelector<HTMLDetailsElement>('.group')!
    dismissDisclosures(bar(), controller.signal)
    document.querySelector('.outside')!.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    press('Escape')
    group.querySelector('a')!.click()
    expect(group.open).toBe(true)
  })
})
