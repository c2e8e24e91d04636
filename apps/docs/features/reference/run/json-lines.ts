/**
 * A value printed as indented JSON, one entry per line with the path of the value the line
 * belongs to, so the page can mark the lines of a difference (`data.2.name`). An object or array
 * that fits on its line is written on one line, as the reference writes its responses
 * (`{ "id": 1, "name": "Mercury" }`).
 */
import type { Json } from './example-result'

export interface JsonLine {
  text: string
  /** `data.2.name`; the closing line of an object or array carries the path of its value. */
  path: string
  /** The whole value is on this line, children included. */
  whole: boolean
}

const INDENT = 2

function oneLine(node: Json): string {
  if (node === null || typeof node !== 'object') return JSON.stringify(node)
  if (Array.isArray(node)) return `[${node.map(oneLine).join(', ')}]`
  const entries = Object.entries(node)
  if (entries.length === 0) return '{}'
  return `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`).join(', ')} }`
}

export function jsonLines(value: Json, width = 72): JsonLine[] {
  const lines: JsonLine[] = []
  const visit = (node: Json, path: string[], depth: number, prefix: string, comma: string) => {
    const pad = ' '.repeat(depth * INDENT)
    const at = path.join('.')
    const flat = `${pad}${prefix}${oneLine(node)}${comma}`
    if (node === null || typeof node !== 'object' || (depth > 0 && flat.length <= width)) {
      lines.push({ text: flat, path: at, whole: true })
      return
    }
    const entries: [string, Json, string][] = Array.isArray(node)
      ? node.map((item, index) => [String(index), item, ''])
      : Object.entries(node).map(([key, item]) => [key, item, `${JSON.stringify(key)}: `])
    if (entries.length === 0) {
      lines.push({ text: flat, path: at, whole: true })
      return
    }
    lines.push({ text: `${pad}${prefix}${Array.isArray(node) ? '[' : '{'}`, path: at, whole: false })
    entries.forEach(([key, item, itemPrefix], index) =>
      visit(item, [...path, key], depth + 1, itemPrefix, index < entries.length - 1 ? ',' : ''),
    )
    lines.push({ text: `${pad}${Array.isArray(node) ? ']' : '}'}${comma}`, path: at, whole: false })
  }
  visit(value, [], 0, '', '')
  return lines
}

/** Whether `path` is `target` or inside it (`data.1.name` is inside `data.1`). */
export function isWithin(path: string, target: string): boolean {
  return target === '' || path === target || path.startsWith(`${target}.`)
}

/** Whether a line shows part of the value at `target`: it is inside it, or holds it whole. */
export function lineShows(line: JsonLine, target: string): boolean {
  return isWithin(line.path, target) || (line.whole && isWithin(target, line.path))
}

/** A piece of a JSON line and its kind, for colouring it as the page's Shiki colours JSON. */
export interface JsonToken {
  text: string
  kind: 'key' | 'string' | 'escape' | 'number' | 'literal' | 'punctuation'
}

const TOKEN =
  /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([^"\d\-tfn]+|.)/g

/** Splits a line of `jsonLines` into tokens; their texts joined are the line. */
export function jsonTokens(line: string): JsonToken[] {
  const tokens: JsonToken[] = []
  for (const [, string, colon, number, literal, other] of line.matchAll(TOKEN)) {
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

/**
 * The colours Shiki gives JSON in the site's themes (github-light/dark-high-contrast, see
 * lib/highlight.ts), as the `--shiki-light` / `--shiki-dark` pair the page's CSS reads.
 */
export const JSON_TOKEN_COLOURS: Record<JsonToken['kind'], { light: string; dark: string }> = {
  key: { light: '#024C1A', dark: '#72F088' },
  string: { light: '#032563', dark: '#ADDCFF' },
  escape: { light: '#A0111F', dark: '#FF9492' },
  number: { light: '#023B95', dark: '#91CBFF' },
  literal: { light: '#023B95', dark: '#91CBFF' },
  punctuation: { light: '#0E1116', dark: '#F0F3F6' },
}
