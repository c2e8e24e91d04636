// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { LeadWidgetStore } from './lead-widget-store'

function elements() {
  document.body.innerHTML = '<div id="a"></div><p></p><div id="b"></div>'
  return [document.getElementById('a')!, document.getElementById('b')!] as const
}

describe('LeadWidgetStore', () => {
  it('makes the first widget in document order the lead, whatever the mount order', () => {
    const [a, b] = elements()
    const store = new LeadWidgetStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.register('second', b, 'Anon key')
    expect(store.getSnapshot()).toEqual({ key: 'second', elementId: 'b', label: 'Anon key' })
    store.register('first', a, 'Project URL')
    expect(store.getSnapshot()).toEqual({ key: 'first', elementId: 'a', label: 'Project URL' })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('hands the lead on when the first widget goes away, and keeps it stable otherwise', () => {
    const [a, b] = elements()
    const store = new LeadWidgetStore()
    const removeA = store.register('first', a, 'Project URL')
    const removeB = store.register('second', b, 'Anon key')
    const before = store.getSnapshot()
    removeB()
    expect(store.getSnapshot()).toBe(before)
    store.register('second', b, 'Anon key')
    removeA()
    expect(store.getSnapshot()?.key).toBe('second')
    removeB()
    expect(store.getSnapshot()).toBeNull()
  })
})
