import { fillPlaceholders, type ProjectValues } from './project-values'

/** `NodeFilter.SHOW_TEXT`, without needing the global (a test's DOM has its own). */
const SHOW_TEXT = 0x4

/**
 * Puts the reader's values into a highlighted code block in place, text node by text node (the
 * highlighter keeps a `.env` value in one token, so a placeholder is never split across nodes),
 * leaving the colours as they are. Returns the function that puts the placeholders back.
 */
export function fillCodeText(code: Element, values: ProjectValues): () => void {
  const changed: [Text, string][] = []
  const walker = code.ownerDocument.createTreeWalker(code, SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text
    const filled = fillPlaceholders(text.data, values)
    if (filled === text.data) continue
    changed.push([text, text.data])
    text.data = filled
  }
  return () => {
    for (const [text, original] of changed) text.data = original
  }
}
