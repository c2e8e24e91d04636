import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { installObjectUrls, liveObjectUrls } from './object-urls'

// findBy* and waitFor give up after 1 s by default. The app's first render through the fake
// network takes a few hundred milliseconds idle and more than a second on a busy machine (an
// avatar test failed so in a run with the cores oversubscribed); the test's own timeout still bounds it.
configure({ asyncUtilTimeout: 10_000 })

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
