/**
 * The reader's theme choice has one home: the `data-theme-choice` attribute the head script sets
 * on <html> before the first paint. Every switch on the page (header, site menu, footer) reads it
 * and writes it, so they cannot disagree; another tab's choice arrives through the storage event.
 */
import { writeItem } from '@/lib/browser-storage'
import { THEME_STORAGE_KEY } from './theme-script'

export type ThemeChoice = 'light' | 'dark' | 'system'

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system'
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

function applyTheme(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && darkQuery().matches)
  const root = document.documentElement
  root.classList.toggle('dark', dark)
  root.dataset.themeChoice = choice
  root.style.colorScheme = dark ? 'dark' : 'light'
}

export function readThemeChoice(): ThemeChoice {
  return parseThemeChoice(document.documentElement.dataset.themeChoice)
}

/** Applies a choice and remembers it; without storage it lasts for this page only. */
export function chooseTheme(choice: ThemeChoice): void {
  writeItem(() => window.localStorage, THEME_STORAGE_KEY, choice)
  applyTheme(choice)
}

/**
 * Calls `onChange` whenever the choice on <html> changes, from whichever switch or tab. One set of
 * listeners is shared by every subscriber, so the three switches add one observer, not three.
 */
const listeners = new Set<() => void>()
let detach: (() => void) | undefined

function attach(): () => void {
  const root = document.documentElement
  const observer = new MutationObserver(() => listeners.forEach((listener) => listener()))
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme-choice'] })
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme(parseThemeChoice(event.newValue))
  }
  // "System" follows the operating system's setting as it changes.
  const media = darkQuery()
  const onSystemChange = () => {
    if (readThemeChoice() === 'system') applyTheme('system')
  }
  window.addEventListener('storage', onStorage)
  media.addEventListener('change', onSystemChange)
  return () => {
    observer.disconnect()
    window.removeEventListener('storage', onStorage)
    media.removeEventListener('change', onSystemChange)
  }
}

export function subscribeThemeChoice(onChange: () => void): () => void {
  listeners.add(onChange)
  detach ??= attach()
  return () => {
    listeners.delete(onChange)
    if (listeners.size === 0) {
      detach?.()
      detach = undefined
    }
  }
}
