import { HighlightStyle } from '@codemirror/language'
import { tags } from '@lezer/highlight'

/**
 * SQL colours for the editor in both site themes. `light-dark()` follows the `color-scheme` the
 * theme switch sets on the page, so the editor changes with the site without being rebuilt.
 * Each pair keeps at least 4.5:1 against the editor's background in its theme.
 */
const color = (light: string, dark: string) => `light-dark(${light}, ${dark})`

export const sqlHighlightStyle = HighlightStyle.define([
  { tag: tags.keyword, color: color('#8a2ea0', '#d2a8ff') },
  { tag: [tags.string, tags.special(tags.string)], color: color('#116329', '#7ee787') },
  { tag: [tags.number, tags.bool, tags.null], color: color('#9a4d00', '#ffa657') },
  {
    tag: [tags.lineComment, tags.blockComment, tags.comment],
    color: color('#5b636e', '#9aa3ad'),
    fontStyle: 'italic',
  },
  { tag: [tags.typeName, tags.standard(tags.name)], color: color('#0550ae', '#79c0ff') },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: color('#3b4048', '#c9d1d9') },
  { tag: [tags.special(tags.name), tags.quote], color: color('#0550ae', '#79c0ff') },
])
