'use client'

import * as Dialog from '@radix-ui/react-dialog'
import { Suspense, lazy, useId, useRef, useState, type FormEvent } from 'react'
import { ModalDialogContent } from '@/components/ui/ModalDialog.client'
import { siteConfig } from '@/lib/site-config'
import { REST_PATH, normalizeBaseUrl, type NormalizedBaseUrl } from './tool-state'

// Only fetched when the dialog opens: it reads the signed-in reader's projects.
const ProjectUrlPicker = lazy(() => import('@/features/project-config/ProjectUrlPicker.client'))

export const PROJECT_URL_EXAMPLE = `https://<project-ref>.${siteConfig.projectDomain}`

/** What the dialog will do with a URL it accepts. */
function acceptedText(preview: Extract<NormalizedBaseUrl, { ok: true }>): string {
  const kind = preview.addedRestPath
    ? `A project URL: the REST path ${REST_PATH} is added.`
    : 'A REST endpoint: taken as it is.'
  return preview.leftOut ? `${kind} The part from ? or # is left out.` : kind
}

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
  // Whether a problem shows as an error: once the reader leaves the field or presses Change, not
  // while a URL is half typed. The message itself follows every keystroke.
  const [touched, setTouched] = useState(false)
  // Counts refused presses of Change: each one puts the message back into the live region, so it
  // is announced again even when its words did not change.
  const [refusals, setRefusals] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const messageId = useId()
  const previewId = useId()
  const preview = normalizeBaseUrl(draft)
  const invalid = !preview.ok && touched

  function apply(value: string) {
    const result = normalizeBaseUrl(value)
    if (!result.ok) {
      setTouched(true)
      setRefusals((count) => count + 1)
      input.current?.focus()
      return
    }
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
          setTouched(false)
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
            ref={input}
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={preview.ok ? `${messageId} ${previewId}` : messageId}
            className="w-full rounded border border-[var(--border)] bg-[var(--bg)] px-3 py-2 font-mono text-sm aria-invalid:border-red-600 dark:aria-invalid:border-red-400"
            spellCheck={false}
            autoComplete="off"
            inputMode="url"
          />
          {/* What the field accepts, in words, as the reader types; announced when it changes. */}
          <p
            id={messageId}
            aria-live="polite"
            data-testid="base-url-message"
            data-invalid={invalid ? 'true' : undefined}
            className={`text-sm ${invalid ? 'text-red-700 dark:text-red-400' : 'text-[var(--muted)]'}`}
          >
            <span key={refusals}>{preview.ok ? acceptedText(preview) : preview.message}</span>
          </p>
          {preview.ok ? (
            <p id={previewId} data-testid="base-url-preview" className="text-sm text-[var(--muted)]">
              Requests will go to <code className="[overflow-wrap:anywhere]">{preview.url}</code>.
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
