import { fillPlaceholders, type ProjectValues } from './project-values'
import { VARIABLES } from './variable-display'

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
  const removed = hasPlaceholder(code.textContent ?? '') ? [] : removeFillInstructions(code)
  return () => {
    for (const [text, original] of changed) text.data = original
    for (const { node, parent, before } of removed.reverse()) parent.insertBefore(node, before)
  }
}

/**
 * A comment line asking the reader to fill in the values (`# ... fill in both values ...`): true
 * of the block as written, stale once the block shows the reader's own values.
 */
const FILL_INSTRUCTION = /^\s*#.*\bfill in\b/i

function hasPlaceholder(text: string): boolean {
  return Object.values(VARIABLES).some(({ placeholder }) => text.includes(placeholder))
}

/** The text to copy once filled: the filled text, without the fill-in instruction when it is done. */
export function filledCopyText(template: string, values: ProjectValues): string {
  const filled = fillPlaceholders(template, values)
  if (hasPlaceholder(filled)) return filled
  return filled
    .split('\n')
    .filter((line) => !FILL_INSTRUCTION.test(line))
    .join('\n')
}

/** Takes the fill-in comment lines (and the line break after each) out of a highlighted block. */
function removeFillInstructions(code: Element): { node: Node; parent: Node; before: Node | null }[] {
  const removed: { node: Node; parent: Node; before: Node | null }[] = []
  for (const line of Array.from(code.querySelectorAll('.line'))) {
    if (!FILL_INSTRUCTION.test(line.textContent ?? '')) continue
    const next = line.nextSibling
    const nodes = next?.nodeType === 3 && next.textContent === '\n' ? [line, next] : [line]
    for (const node of nodes) {
      removed.push({ node, parent: node.parentNode!, before: node.nextSibling })
      node.parentNode!.removeChild(node)
    }
  }
  return removed
}
