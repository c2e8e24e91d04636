'use client'

import { useEffect, useState } from 'react'
import { writeItem } from '@/lib/browser-storage'
import { THEME_STORAGE_KEY } from './theme-script'

type ThemeChoice = 'light' | 'dark' | 'system'
const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
]

function applyTheme(choice: ThemeChoice) {
  const dark =
    choice === 'dark' ||
    (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  const root = document.documentElement
  root.classList.toggle('dark', dark)
  root.dataset.themeChoice = choice
  root.style.colorScheme = dark ? 'dark' : 'light'
}

export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>('system')

  useEffect(() => {
    const current = document.documentElement.dataset.themeChoice
    if (current === 'light' || current === 'dark' || current === 'system') setChoice(current)
  }, [])

  useEffect(() => {
    if (choice !== 'system') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = () => applyTheme('system')
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [choice])

  function choose(next: ThemeChoice) {
    setChoice(next)
    // Without storage the choice lasts for this page only.
    writeItem(() => window.localStorage, THEME_STORAGE_KEY, next)
    applyTheme(next)
  }

  return (
    <div role="group" aria-label="Colour theme" className="flex rounded-md border border-[var(--border)] p-0.5">
      {CHOICES.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={choice === value}
          onClick={() => choose(value)}
          className="rounded px-2 py-0.5 text-xs text-[var(--muted)] aria-pressed:bg-[var(--surface-strong)] aria-pressed:text-[var(--text)]"
        >
          {label}
        </button>
      ))}
    </div>
  )
}
