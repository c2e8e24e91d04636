/** What decides whether a click on a link may be handled by the page instead of the browser. */
export interface ClickInfo {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  defaultPrevented: boolean
  /** The anchor's `target` attribute, if any. */
  target: string | null
  hasDownload: boolean
}

/** Only plain left clicks on same-tab links are handled on the page; others behave as links. */
export function isPlainClick(click: ClickInfo): boolean {
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    !click.metaKey &&
    !click.ctrlKey &&
    !click.shiftKey &&
    !click.altKey &&
    !click.hasDownload &&
    (click.target === null || click.target === '' || click.target === '_self')
  )
}

/** The click facts of a DOM click on an anchor. */
export function clickInfo(event: MouseEvent, anchor: Element): ClickInfo {
  return {
    button: event.button,
    metaKey: event.metaKey,
    ctrlKey: event.ctrlKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    defaultPrevented: event.defaultPrevented,
    target: anchor.getAttribute('target'),
    hasDownload: anchor.hasAttribute('download'),
  }
}

/** The link a DOM event happened in, if any. */
export function anchorOf(event: Event): HTMLAnchorElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null
}
