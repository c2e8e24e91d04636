import { describe, expect, it, vi } from 'vitest'
import { RequestCache } from './request-cache'

/** A load function whose calls the test settles by hand. */
function controllableLoad<T>() {
  const calls: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = []
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ signal, resolve, reject })
      }),
  )
  return { load, calls }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('RequestCache', () => {
  it('makes one call for several subscribers and notifies each of them', async () => {
    const cache = new RequestCache()
    const { load, calls } = controllableLoad<string>()
    const a = vi.fn()
    const b = vi.fn()
    cache.subscribe('k', load, a)
    cache.subscribe('k', load, b)
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.getState('k')).toEqual({ status: 'pending' })
    calls[0]?.resolve('data')
    await flush()
    expect(cache.getState('k')).toEqual({ status: 'success', data: 'data' })
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(1)
  })

  it('aborts a pending call once its last subscriber leaves', async () => {
    const cache = new RequestCache()
    const { load, calls } = controllableLoad<string>()
    const leaveA = cache.subscribe('k', load, () => {})
    const leaveB = cache.subscribe('k', load, () => {})
    leaveA()
    await flush()
    expect(calls[0]?.signal.aborted).toBe(false)
    leaveB()
    await flush()
    expect(calls[0]?.signal.aborted).toBe(true)
    expect(cache.getState('k')).toBeUndefined()
  })

  it('keeps a call alive when a subscriber leaves and comes straight back', async () => {
    const cache = new RequestCache()
    const { load, calls } = controllableLoad<string>()
    const leave = cache.subscribe('k', load, () => {})
    leave()
    cache.subscribe('k', load, () => {})
    await flush()
    expect(calls[0]?.signal.aborted).toBe(false)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps answers for later subscribers', async () => {
    const cache = new RequestCache()
    const { load, calls } = controllableLoad<string>()
    const leave = cache.subscribe('k', load, () => {})
    calls[0]?.resolve('data')
    await flush()
    leave()
    await flush()
    cache.subscribe('k', load, () => {})
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.getState('k')).toEqual({ status: 'success', data: 'data' })
  })

  it('forgets a failure once unused, so the next subscriber retries', async () => {
    const cache = new RequestCache()
    const { load, calls } = controllableLoad<string>()
    const leave = cache.subscribe('k', load, () => {})
    calls[0]?.reject(new Error('boom'))
    await flush()
    expect(cache.getState('k')).toEqual({ status: 'error', error: new Error('boom') })
    leave()
    await flush()
    cache.subscribe('k', load, () => {})
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('turns a load function that throws into an error state', async () => {
    const cache = new RequestCache()
    cache.subscribe(
      'k',
      () => {
        throw new Error('projectRef is required')
      },
      () => {},
    )
    await flush()
    expect(cache.getState('k')).toMatchObject({
      status: 'error',
      error: { message: 'projectRef is required' },
    })
  })

  it('aborts everything and ignores late answers on clear', async () => {
    const cache = new RequestCache()
    const { load, calls } = controllableLoad<string>()
    const listener = vi.fn()
    cache.subscribe('a', load, listener)
    cache.subscribe('b', load, listener)
    cache.clear()
    expect(calls.map((c) => c.signal.aborted)).toEqual([true, true])
    calls[0]?.resolve('late')
    await flush()
    expect(listener).not.toHaveBeenCalled()
    expect(cache.getState('a')).toBeUndefined()
  })
})
