'use client'

import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState, type ReactNode } from 'react'
import { ModalDialogContent } from '@/components/ui/ModalDialog.client'
import { smsProviderFromSearch, urlWithSmsProvider } from './sms-provider-param'

export interface SmsProviderChoice {
  id: string
  name: string
}

/**
 * The SMS provider grid. Choosing a provider opens its setup in a dialog and records the
 * choice as `?showSmsProvider=<id>` (replaceState: no navigation, the page stays static), so
 * the link can be shared; closing the dialog removes the parameter again. Every setup is also in
 * the page, hidden: printed in place when JavaScript is off (the noscript rule in the root layout),
 * and where the dialog's copy comes from on a page without the framework.
 */
export function SmsProviderPicker({
  providers,
  logos,
  setups,
}: {
  providers: SmsProviderChoice[]
  /** Each provider's logo (server-rendered), in the order of `providers`. */
  logos: ReactNode[]
  /** Each provider's setup guide (server-rendered), shown in the dialog. */
  setups: ReactNode[]
}) {
  const [openId, setOpenId] = useState<string | undefined>(undefined)
  const ids = providers.map((provider) => provider.id)
  const idsKey = ids.join(',')

  useEffect(() => {
    // The URL is only known in the browser, so a shared link opens its dialog after mount.
    setOpenId(smsProviderFromSearch(window.location.search, idsKey.split(',')))
  }, [idsKey])

  const choose = (id: string | undefined) => {
    setOpenId(id)
    window.history.replaceState(window.history.state, '', urlWithSmsProvider(window.location.href, id))
  }
  const openIndex = providers.findIndex((provider) => provider.id === openId)
  const open = openIndex < 0 ? undefined : providers[openIndex]

  return (
    <>
      <div
        role="list"
        className="not-prose my-6 grid grid-cols-1 gap-3 sm:grid-cols-3"
        aria-label="SMS providers"
      >
        {providers.map((provider, index) => (
          <div key={provider.id} role="listitem">
            <button
              type="button"
              aria-haspopup="dialog"
              data-sms-provider={provider.id}
              onClick={() => choose(provider.id)}
              className="flex w-full cursor-pointer items-center gap-3 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-left text-[var(--text)] transition-colors hover:border-[var(--accent)] focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
            >
              {logos[index]}
              <span className="font-medium">{provider.name}</span>
            </button>
          </div>
        ))}
      </div>
      <Dialog.Root
        open={open !== undefined}
        onOpenChange={(isOpen) => (isOpen ? undefined : choose(undefined))}
      >
        <ModalDialogContent
          className="doc-content fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-[var(--border)] bg-[var(--bg)] p-6 shadow-xl"
          data-sms-provider-dialog={open?.id}
          // Opened by a shared link, the dialog gives focus to its provider's button on close.
          fallbackFocus={() =>
            openId ? document.querySelector<HTMLElement>(`[data-sms-provider="${openId}"]`) : null
          }
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="m-0 flex items-center gap-3 text-xl font-semibold">
              {open ? logos[openIndex] : null}
              {open ? `Set up ${open.name}` : null}
            </Dialog.Title>
            <Dialog.Close
              className="cursor-pointer rounded-md border border-[var(--border)] px-2 py-1 text-sm text-[var(--muted)] hover:text-[var(--text)]"
              aria-label="Close"
            >
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-[var(--muted)]">
            {open ? `How to send one-time codes through ${open.name}.` : null}
          </Dialog.Description>
          {open ? setups[openIndex] : null}
        </ModalDialogContent>
      </Dialog.Root>
      <div className="sms-setups hidden">
        {providers.map((provider, index) => (
          <section key={provider.id} aria-label={`Set up ${provider.name}`}>
            <h3>Set up {provider.name}</h3>
            {setups[index]}
          </section>
        ))}
      </div>
    </>
  )
}
