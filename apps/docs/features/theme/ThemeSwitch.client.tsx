'use client'

import { useSyncExternalStore } from 'react'
import { chooseTheme, readThemeChoice, subscribeThemeChoice, type ThemeChoice } from './theme-choice'

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
]

/** The prerendered HTML knows no choice; hydration then reads the one on <html>. */
const serverChoice = (): ThemeChoice => 'system'

export function ThemeSwitch() {
  const choice = useSyncExternalStore(subscribeThemeChoice, readThemeChoice, serverChoice)

  return (
    <div role="group" aria-label="Colour theme" className="flex rounded-md border border-[var(--border)] p-0.5">
      {CHOICES.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={choice === value}
          onClick={() => chooseTheme(value)}
          className="tap-target rounded px-2 py-0.5 text-xs text-[var(--muted)] aria-pressed:bg-[var(--surface-strong)] aria-pressed:text-[var(--text)]"
        >
          {label}
        </button>
      ))}
    </div>
  )
}
