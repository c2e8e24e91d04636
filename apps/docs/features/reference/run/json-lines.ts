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
