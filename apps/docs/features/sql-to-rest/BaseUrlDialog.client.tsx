'use client'

import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState, type FormEvent } from 'react'
import { ModalDialogContent } from '@/components/ui/ModalDialog.client'
import { normalizeBaseUrl } from './tool-state'

export function BaseUrlDialog({
  baseUrl,
  open,
  onOpenChange,
  onChange,
}: {
  baseUrl: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onChange: (url: string) => void
}) {
  const [draft, setDraft] = useState(baseUrl)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const errorId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = normalizeBaseUrl(draft)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setError(null)
    onChange(result.url)
    onOpenChange(false)
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(baseUrl)
          setError(null)
        }
        onOpenChange(next)
      }}
    >
      <Dialog.Trigger className="rounded border border-[var(--border)] px-2 py-1 text-xs font-medium hover:bg-[var(--surface)]">
        Change base URL
      </Dialog.Trigger>
      <ModalDialogContent className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-[var(--border)] bg-[var(--bg)] p-5 shadow-xl">
        <Dialog.Title className="text-lg font-semibold">Change base URL</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-[var(--muted)]">
          The REST endpoint of your project, for example https://your-project.supabase.co/rest/v1.
        </Dialog.Description>
        <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
          <label htmlFor={inputId} className="block text-sm font-medium">
            Base URL
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-full rounded border border-[var(--border)] bg-[var(--bg)] px-3 py-2 font-mono text-sm"
            spellCheck={false}
            autoComplete="off"
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Dialog.Close className="rounded px-3 py-1.5 text-sm hover:bg-[var(--surface)]">
              Cancel
            </Dialog.Close>
            <button
              type="submit"
              className="rounded bg-[var(--accent)] px-3 py-1.5 text-sm font-medium text-white dark:text-[#0b1f16]"
            >
              Change
            </button>
          </div>
        </form>
      </ModalDialogContent>
    </Dialog.Root>
  )
}
