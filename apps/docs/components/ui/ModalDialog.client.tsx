'use client'

import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type ComponentPropsWithoutRef } from 'react'

type ContentProps = ComponentPropsWithoutRef<typeof Dialog.Content>

export interface ModalDialogContentProps extends Omit<
  ContentProps,
  'onOpenAutoFocus' | 'onCloseAutoFocus' | 'forceMount'
> {
  /**
   * Where focus goes on close when nothing on the page had it at opening, e.g. a dialog opened
   * by a shared link: the control that would have opened it. Asked once, at opening.
   */
  fallbackFocus?: () => HTMLElement | null
}

/**
 * The open part of every modal dialog of the site: overlay and panel in a portal. On close
 * (Esc, a Close button or a choice inside) focus goes back to the element that had it when the
 * dialog opened. Radix only knows how to return it to a `Dialog.Trigger`; dialogs opened from a
 * grid of buttons or a shortcut have none, and focus fell to the page's body.
 */
export function ModalDialogContent({ fallbackFocus, children, ...props }: ModalDialogContentProps) {
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content
        {...props}
        onOpenAutoFocus={() => {
          const active = document.activeElement
          opener.current =
            active instanceof HTMLElement && active !== document.body ? active : (fallbackFocus?.() ?? null)
        }}
        onCloseAutoFocus={(event) => {
          const target = opener.current?.isConnected ? opener.current : null
          opener.current = null
          // Nothing to return to: Radix's own handling (its trigger, if the dialog has one).
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  )
}
