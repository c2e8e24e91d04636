/**
 * The SQL editor's box grows with the query, between a few lines and a limit after which it
 * scrolls. Its height comes from a hidden copy of the text laid out like CodeMirror lays it out
 * (same font, line height, wrapping and insets), not from the editor itself, so the plain text
 * area before CodeMirror loads and CodeMirror after it sit in a box of the same height: the swap
 * moves nothing on the page.
 */

export const EDITOR_FONT_SIZE_PX = 13
/** CodeMirror's own line height (1.4), set explicitly in the editor theme too. */
export const EDITOR_LINE_HEIGHT = 1.4
export const MIN_EDITOR_LINES = 4
export const MAX_EDITOR_LINES = 18

/**
 * Where CodeMirror's text starts and ends inside the box: its content padding (4px above and
 * below), the line-number gutter (about 28px for up to two digits) plus each line's own left
 * padding (6px), and the line's right padding (2px). The plain text area uses the same insets.
 */
export const EDITOR_TEXT_INSETS = { top: 4, right: 2, bottom: 4, left: 34 } as const

function heightOf(lines: number): number {
  const { top, bottom } = EDITOR_TEXT_INSETS
  return Math.round(lines * EDITOR_FONT_SIZE_PX * EDITOR_LINE_HEIGHT + top + bottom)
}

/** The box's bounds in CSS pixels (the border comes on top). */
export const EDITOR_MIN_HEIGHT_PX = heightOf(MIN_EDITOR_LINES)
export const EDITOR_MAX_HEIGHT_PX = heightOf(MAX_EDITOR_LINES)

/**
 * The text of the hidden copy. A final line break would collapse in the layout while the editor
 * shows an empty last line, so the copy gets a zero-width space after it.
 */
export function sizerText(sql: string): string {
  return sql.endsWith('\n') || sql === '' ? `${sql}\u200b` : sql
}
