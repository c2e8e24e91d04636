/**
 * Copying to the clipboard, the same way everywhere: how long a button shows its outcome and
 * the words it uses. React components use `useCopy`; the reference page's plain-DOM script uses
 * these directly.
 */

/** How long a copy button shows "Copied" or "Failed to copy" before it returns to idle. */
export const COPY_FEEDBACK_MS = {
  /** Guides, the project widget and the reference pages: the outcome is right next to the click. */
  default: 1000,
  /** The SQL to REST tool: its outputs change while the reader types, so the outcome stays longer. */
  sqlTool: 3000,
} as const

export const COPY_WORDS = {
  copied: 'Copied',
  failed: 'Failed to copy',
} as const

/** The look of a Copy button in a code block's bar: the React one and the Run result's plain-DOM one. */
export const COPY_BUTTON_CLASS =
  'tap-target rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-0.5 text-xs font-medium text-[var(--muted)] hover:text-[var(--text)] focus-visible:outline-2'

export type CopyOutcome = 'copied' | 'failed'

/** Writes text (or the text a promise resolves to) to the clipboard; never throws. */
export async function writeClipboard(text: string | Promise<string>): Promise<CopyOutcome> {
  try {
    if (typeof text === 'string') {
      await navigator.clipboard.writeText(text)
    } else if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      // Safari refuses a write that starts after an awaited fetch: start it in the click and
      // hand the clipboard the pending text.
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }))
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })])
    } else {
      await navigator.clipboard.writeText(await text)
    }
    return 'copied'
  } catch {
    return 'failed'
  }
}
