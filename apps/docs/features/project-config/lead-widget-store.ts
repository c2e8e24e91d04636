/**
 * The widgets mounted on the page. The first one in document order leads: it alone shows the
 * sign-in prompt and the pickers, so a page with two values asks once and offers one choice.
 */

export interface LeadWidget {
  key: string
  /** The lead's element id, for the other widgets' "chosen above" link. */
  elementId: string
  label: string
}

interface Entry extends LeadWidget {
  element: Element
}

export class LeadWidgetStore {
  private readonly entries = new Map<string, Entry>()
  private lead: LeadWidget | null = null
  private readonly listeners = new Set<() => void>()

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  getSnapshot = (): LeadWidget | null => this.lead

  /** Adds a mounted widget; the returned function removes it again. */
  register(key: string, element: Element, label: string): () => void {
    this.entries.set(key, { key, element, elementId: element.id, label })
    this.update()
    return () => {
      if (this.entries.get(key)?.element !== element) return
      this.entries.delete(key)
      this.update()
    }
  }

  private update(): void {
    let first: Entry | undefined
    for (const entry of this.entries.values()) {
      if (!first || entry.element.compareDocumentPosition(first.element) & Node.DOCUMENT_POSITION_FOLLOWING) {
        first = entry
      }
    }
    const next = first ? { key: first.key, elementId: first.elementId, label: first.label } : null
    if (next?.key === this.lead?.key && next?.elementId === this.lead?.elementId) return
    this.lead = next
    for (const listener of [...this.listeners]) listener()
  }
}
