import type { SimpleIcon } from 'simple-icons'

/** One shape of a logo we draw ourselves, in a 24 x 24 box. */
export type DrawnShape =
  | { kind: 'path'; d: string; fill: string }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx?: number; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }

/**
 * A provider logo: a brand mark from the simple-icons package (rendered as inline SVG on the
 * server, in the brand colour), or a mark we draw for brands that package does not carry.
 */
export type ProviderLogo =
  { source: 'simple-icons'; icon: SimpleIcon } | { source: 'drawn'; shapes: DrawnShape[] }

/** Four squares, the way Microsoft identifies its accounts (Azure / Entra ID sign-in). */
export const microsoftMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    { kind: 'rect', x: 1, y: 1, width: 10.5, height: 10.5, fill: '#F25022' },
    { kind: 'rect', x: 12.5, y: 1, width: 10.5, height: 10.5, fill: '#7FBA00' },
    { kind: 'rect', x: 1, y: 12.5, width: 10.5, height: 10.5, fill: '#00A4EF' },
    { kind: 'rect', x: 12.5, y: 12.5, width: 10.5, height: 10.5, fill: '#FFB900' },
  ],
}

/** A rounded blue square with a white "in". */
export const linkedInMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    { kind: 'rect', x: 1, y: 1, width: 22, height: 22, rx: 3, fill: '#0A66C2' },
    { kind: 'circle', cx: 6.6, cy: 6.6, r: 1.7, fill: '#FFFFFF' },
    { kind: 'rect', x: 5.1, y: 9.3, width: 3, height: 9.6, fill: '#FFFFFF' },
    {
      kind: 'path',
      d: 'M10.2 9.3h2.9v1.3c.5-.9 1.6-1.6 3.1-1.6 2.6 0 3.5 1.6 3.5 4.1v5.8h-3v-5.1c0-1.3-.3-2.3-1.6-2.3-1.4 0-1.9 1-1.9 2.4v5h-3z',
      fill: '#FFFFFF',
    },
  ],
}

/** Four rounded bars crossing like a hash sign, in Slack's four colours. */
export const slackMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    { kind: 'rect', x: 7, y: 2, width: 3.6, height: 20, rx: 1.8, fill: '#36C5F0' },
    { kind: 'rect', x: 13.4, y: 2, width: 3.6, height: 20, rx: 1.8, fill: '#2EB67D' },
    { kind: 'rect', x: 2, y: 7, width: 20, height: 3.6, rx: 1.8, fill: '#E01E5A' },
    { kind: 'rect', x: 2, y: 13.4, width: 20, height: 3.6, rx: 1.8, fill: '#ECB22E' },
  ],
}

/** A violet hexagon with a white "W". */
export const workosMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    { kind: 'path', d: 'M12 1.5 21.1 6.75v10.5L12 22.5 2.9 17.25V6.75z', fill: '#6363F1' },
    {
      kind: 'path',
      d: 'M6.2 8h1.9l1.3 5.6L11 8h2l1.6 5.6L15.9 8h1.9l-2.3 8.2h-1.9L12 10.8l-1.6 5.4H8.5z',
      fill: '#FFFFFF',
    },
  ],
}

/** A red ring with four dots. */
export const twilioMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    {
      kind: 'path',
      d: 'M12 1a11 11 0 1 0 0 22 11 11 0 0 0 0-22zm0 3.2a7.8 7.8 0 1 1 0 15.6 7.8 7.8 0 0 1 0-15.6z',
      fill: '#F22F46',
    },
    { kind: 'circle', cx: 9.4, cy: 9.4, r: 1.9, fill: '#F22F46' },
    { kind: 'circle', cx: 14.6, cy: 9.4, r: 1.9, fill: '#F22F46' },
    { kind: 'circle', cx: 9.4, cy: 14.6, r: 1.9, fill: '#F22F46' },
    { kind: 'circle', cx: 14.6, cy: 14.6, r: 1.9, fill: '#F22F46' },
  ],
}

/** A blue speech bubble with three dots, for a messaging service. */
export const messageBirdMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    {
      kind: 'path',
      d: 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
      fill: '#2481D7',
    },
    { kind: 'circle', cx: 7.5, cy: 10.5, r: 1.5, fill: '#FFFFFF' },
    { kind: 'circle', cx: 12, cy: 10.5, r: 1.5, fill: '#FFFFFF' },
    { kind: 'circle', cx: 16.5, cy: 10.5, r: 1.5, fill: '#FFFFFF' },
  ],
}

/** A blue rounded square with a white video camera. */
export const zoomMark: ProviderLogo = {
  source: 'drawn',
  shapes: [
    { kind: 'rect', x: 1, y: 1, width: 22, height: 22, rx: 6, fill: '#0B5CFF' },
    { kind: 'rect', x: 5, y: 8, width: 9.5, height: 8, rx: 1.8, fill: '#FFFFFF' },
    { kind: 'path', d: 'M15.5 11 19 8.6v6.8L15.5 13z', fill: '#FFFFFF' },
  ],
}
