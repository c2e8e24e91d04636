import type { Locator } from '@playwright/test'

/**
 * The parts of a Run's result panel in page order, for specs that hold the reference's and the
 * guides' panels to one shape: the verdict, the returned object (its name, its buttons, whether it
 * is highlighted), then the notes.
 */
export function resultParts(result: Locator): Promise<string[]> {
  return result.evaluate((panel) =>
    [...panel.children].map((child) => {
      if (child.matches('.ref-run-verdict')) return 'verdict'
      if (child.matches('progress')) return 'progress'
      if (child.matches('figure')) {
        const buttons = [...child.querySelectorAll('button')].map((button) =>
          button.getAttribute('aria-label'),
        )
        const coloured = child.querySelectorAll('pre span[style*="--shiki-light"]').length > 0
        return `${child.querySelector('figcaption')?.textContent} [${buttons.join(', ')}]${coloured ? ' highlighted' : ''}`
      }
      if (child.matches('ul')) return 'differences'
      if (child.matches('[data-note="rule"]')) return `rule: ${child.textContent}`
      if (child.textContent?.startsWith('Printed: ')) return 'printed'
      if (child.textContent?.startsWith('Run in this page ')) return 'how it ran'
      return child.outerHTML.slice(0, 80)
    }),
  )
}

/** A matching run's panel, in the reference and in the guides alike. */
export const MATCHING_RESULT_PARTS = [
  'verdict',
  'Returned by supabase-js [Copy Returned by supabase-js] highlighted',
  'how it ran',
  'rule: Compared with the documented response: every field it shows must be equal; when it shows the whole result, a field it leaves out must be null; a value that changes on every run (an id, a time) is compared by its type.',
]

/** The accessible names of a code block's bar buttons, in reading order, checked to be in screen order too. */
export async function barButtons(block: Locator): Promise<string[]> {
  const buttons = block.locator(
    ':scope > button, :scope > .code-copy > button, :scope > .code-copy > [data-island] > button',
  )
  const names: string[] = []
  let previousRight = -Infinity
  for (const button of await buttons.all()) {
    const box = await button.boundingBox()
    if (!box || box.x < previousRight) throw new Error('The bar buttons are not in reading order on screen')
    previousRight = box.x + box.width
    names.push((await button.getAttribute('aria-label')) ?? '')
  }
  return names
}
