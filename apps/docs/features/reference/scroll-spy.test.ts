import { describe, expect, it } from 'vitest'
import { debounce, titleForSection } from './scroll-spy'

describe('debounce', () => {
  function fakeTimers() {
    let now = 0
    let nextId = 1
    const pending = new Map<number, { at: number; callback: () => void }>()
    return {
      timers: {
        set: (callback: () => void, ms: number) => {
          const id = nextId++
          pending.set(id, { at: now + ms, callback })
          return id
        },
        clear: (handle: unknown) => {
          pending.delete(handle as number)
        },
      },
      advance(ms: number) {
        now += ms
        for (const [id, timer] of [...pending]) {
          if (timer.at <= now) {
            pending.delete(id)
            timer.callback()
          }
        }
      },
    }
  }

  it('calls once with the last arguments after calls stop', () => {
    const clock = fakeTimers()
    const calls: string[] = []
    const update = debounce((slug: string) => calls.push(slug), 150, clock.timers)
    for (const slug of ['a', 'b', 'c', 'd']) {
      update(slug)
      clock.advance(50)
    }
    expect(calls).toEqual([])
    clock.advance(150)
    expect(calls).toEqual(['d'])
  })

  it('can be cancelled and flushed', () => {
    const clock = fakeTimers()
    const calls: string[] = []
    const update = debounce((slug: string) => calls.push(slug), 150, clock.timers)
    update('a')
    update.cancel()
    clock.advance(500)
    expect(calls).toEqual([])
    update('b')
    update.flush()
    expect(calls).toEqual(['b'])
    clock.advance(500)
    expect(calls).toEqual(['b'])
  })
})

describe('navigation helpers', () => {
  it('builds titles', () => {
    expect(titleForSection('JavaScript | Docs', 'Fetch data')).toBe('Fetch data | JavaScript | Docs')
    expect(titleForSection('JavaScript | Docs', null)).toBe('JavaScript | Docs')
  })
})
