/**
 * The colours of the site's code, for code coloured in the browser (Run results, the SQL tool's
 * outputs) that must read like the page's Shiki blocks (GitHub's high-contrast light and dark
 * themes, see lib/highlight.ts). Each pair is what the page's CSS reads as `--shiki-light` /
 * `--shiki-dark`, or what `light-dark()` takes.
 */
export interface CodeColour {
  light: string
  dark: string
}

export type CodeRole =
  'keyword' | 'string' | 'constant' | 'function' | 'command' | 'property' | 'comment' | 'text'

export const CODE_COLOURS: Record<CodeRole, CodeColour> = {
  keyword: { light: '#A0111F', dark: '#FF9492' },
  string: { light: '#032563', dark: '#ADDCFF' },
  constant: { light: '#023B95', dark: '#91CBFF' },
  function: { light: '#622CBC', dark: '#DBB7FF' },
  command: { light: '#702C00', dark: '#FFB757' },
  property: { light: '#024C1A', dark: '#72F088' },
  // One step darker than Shiki's light comment grey, so it still reads on the masked-key chip.
  comment: { light: '#59636E', dark: '#BDC4CC' },
  text: { light: '#0E1116', dark: '#F0F3F6' },
}
