import { describe, expect, it, vi } from 'vitest'
import { loadOnce } from './load-once'

describe('loadOnce', () => {
  it('shares one request between calls', async () => {
    const load = vi.fn(async () => 'panel')
    const get = loadOnce(load)
    expect(await Promise.all([get(), get()])).toEqual(['panel', 'panel'])
    expect(await get()).toBe('panel')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries a failed load again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('panel')
    const get = loadOnce(load)
    await expect(get()).rejects.toThrow('offline')
    expect(await get()).toBe('panel')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
