import { CODE_COLOURS, type CodeColour } from './code-colours'

/**
 * JSON split into the pieces Shiki colours, with Shiki's colours for them in the site's themes
 * (github-light/dark-high-contrast, see lib/highlight.ts): for JSON drawn in the browser (Run
 * results, the SQL tool's request bodies) that must look like the page's own code blocks.
 */

/** A piece of JSON and its kind. */
export interface JsonToken {
  text: string
  kind: 'key' | 'string' | 'escape' | 'number' | 'literal' | 'punctuation'
}

const TOKEN =
  /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([^"\d\-tfn]+|.)/g

/** Splits JSON text (a line or a whole document) into tokens; their texts joined are the text. */
export function jsonTokens(text: string): JsonToken[] {
  const tokens: JsonToken[] = []
  for (const [, string, colon, number, literal, other] of text.matchAll(TOKEN)) {
    if (string !== undefined) {
      // An escape (`\"`, `\n`) has a colour of its own inside a key or a string.
      for (const [, plain, escape] of string.matchAll(/([^\\]+)|(\\u[\da-fA-F]{4}|\\.)/g)) {
        if (plain !== undefined) tokens.push({ text: plain, kind: colon ? 'key' : 'string' })
        else if (escape !== undefined) tokens.push({ text: escape, kind: 'escape' })
      }
      if (colon) tokens.push({ text: colon, kind: 'punctuation' })
    } else if (number !== undefined) tokens.push({ text: number, kind: 'number' })
    else if (literal !== undefined) tokens.push({ text: literal, kind: 'literal' })
    else if (other !== undefined) tokens.push({ text: other, kind: 'punctuation' })
  }
  return tokens
}

/** The colour of each kind of JSON token: the ones Shiki gives JSON in the site's themes. */
export const JSON_TOKEN_COLOURS: Record<JsonToken['kind'], CodeColour> = {
  key: CODE_COLOURS.property,
  string: CODE_COLOURS.string,
  escape: CODE_COLOURS.keyword,
  number: CODE_COLOURS.constant,
  literal: CODE_COLOURS.constant,
  punctuation: CODE_COLOURS.text,
}
