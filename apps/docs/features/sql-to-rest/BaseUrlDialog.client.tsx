'use client'

import * as Dialog from '@radix-ui/react-dialog'
import { Suspense, lazy, useId, useState, type FormEvent } from 'react'
import { ModalDialogContent } from '@/components/ui/ModalDialog.client'
import { siteConfig } from '@/lib/site-config'
import { REST_PATH, normalizeBaseUrl } from './tool-state'

// Only fetched when the dialog opens: it reads the signed-in reader's projects.
const ProjectUrlPicker = lazy(() => import('@/features/project-config/ProjectUrlPicker.client'))

export const PROJECT_URL_EXAMPLE = `https://<project-ref>.${siteConfig.projectDomain}`

export function BaseUrlDialog({
  baseUrl,
  open,
  onOpenChange,
  onChange,
}: {
  baseUrl: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** `addedRestPath`: the reader gave a project URL and the REST path was added to it. */
  onChange: (url: string, addedRestPath: boolean) => void
}) {
  const [draft, setDraft] = useState(baseUrl)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const errorId = useId()
  const hintId = useId()
  const preview = normalizeBaseUrl(draft)

  function apply(input: string) {
    const result = normalizeBaseUrl(input)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setError(null)
    onChange(result.url, result.addedRestPath)
    onOpenChange(false)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    apply(draft)
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
      <ModalDialogContent className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-[var(--border)] bg-[var(--bg)] p-5 shadow-xl">
        <Dialog.Title className="text-lg font-semibold">Change base URL</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-[var(--muted)]">
          Your project URL, such as <code className="whitespace-nowrap">{PROJECT_URL_EXAMPLE}</code>, or the
          full REST endpoint. A project URL gets the REST path <code>{REST_PATH}</code> added.
        </Dialog.Description>
        <div className="mt-4">
          <Suspense fallback={null}>
            <ProjectUrlPicker onPick={apply} />
          </Suspense>
        </div>
        <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
          <label htmlFor={inputId} className="block text-sm font-medium">
            Base URL
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : preview.ok && preview.addedRestPath ? hintId : undefined}
            className="w-full rounded border border-[var(--border)] bg-[var(--bg)] px-3 py-2 font-mono text-sm"
            spellCheck={false}
            autoComplete="off"
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : preview.ok && preview.addedRestPath ? (
            <p id={hintId} data-testid="rest-path-preview" className="text-sm text-[var(--muted)]">
              A project URL: requests will go to{' '}
              <code className="[overflow-wrap:anywhere]">{preview.url}</code>.
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
