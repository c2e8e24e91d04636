import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { installObjectUrls, liveObjectUrls } from './object-urls'

installObjectUrls()

// Each test builds its own client on the same storage key, which the auth library warns about.
const warn = console.warn.bind(console)
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (String(args[0]).includes('Multiple GoTrueClient instances')) return
  warn(...args)
})

afterEach(() => {
  cleanup()
  liveObjectUrls.clear()
  // Each test starts signed out on a clean address.
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})
