'use client'

import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { CopyButton } from '../../components/ui/CopyButton.client'
import { fillCodeText, filledCopyText } from './fill-code-text'
import { readProjectValues, subscribeProjectValues } from './project-values'

const noValues = () => null

/**
 * `<EnvSample>` around a `.env.local` code block in a guide: once the reader is signed in and has
 * picked a project in the widget, the block shows (and its Copy button copies) their own project
 * URL and anon key instead of the placeholders, without a comment that asks to fill them in.
 * Signed out, it is the block as written.
 */
export function EnvSample({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const values = useSyncExternalStore(subscribeProjectValues, readProjectValues, noValues)
  const [filledCopy, setFilledCopy] = useState<{ target: Element; text: string; label: string } | null>(null)

  useLayoutEffect(() => {
    const figure = box.current?.querySelector('figure.code-block')
    const code = figure?.querySelector('.code-body')
    const copyBar = figure?.querySelector('.code-copy')
    if (!values || !code || !copyBar) {
      setFilledCopy(null)
      return
    }
    const template = code.textContent ?? ''
    const restore = fillCodeText(code, values)
    const title = figure?.querySelector('figcaption')?.textContent
    setFilledCopy({
      target: copyBar,
      text: filledCopyText(template, values),
      label: title ? `Copy ${title}` : 'Copy code',
    })
    return restore
  }, [values])

  return (
    <div
      ref={box}
      data-filled={filledCopy ? '' : undefined}
      className="[&[data-filled]_.code-copy>[data-island]]:hidden"
    >
      {children}
      {/* The block's own button copies the text as written; this one, in its place, the filled text. */}
      {filledCopy
        ? createPortal(
            <CopyButton className="env-sample-copy" text={filledCopy.text} label={filledCopy.label} />,
            filledCopy.target,
          )
        : null}
    </div>
  )
}
