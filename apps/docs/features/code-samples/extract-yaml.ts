import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, type Node } from 'yaml'
import type { CodeSample } from './samples'

export interface YamlSampleRule {
  /** Key of the field holding code, e.g. `code` or `sql`. */
  key: string
  /** The field counts only when the path to it contains this key (e.g. `examples`, `data`). */
  under: string
  lang: string
  runnable?: boolean
}

export interface YamlSourceOptions {
  rules: YamlSampleRule[]
  /** How the group of a sample is named; samples of one group run in order on one database. */
  groupOf?: (path: readonly (string | number)[]) => string
  moduleAliases?: Record<string, string>
}

/**
 * Finds code fields in a YAML spec by walking its syntax tree, so every sample keeps the line
 * it starts on. Which fields count is given by rules: `examples[].code` is code,
 * `examples[].data.sql` is SQL.
 */
export function extractFromYaml(file: string, source: string, options: YamlSourceOptions): CodeSample[] {
  const lineCounter = new LineCounter()
  const document = parseDocument(source, { lineCounter, uniqueKeys: false })
  if (document.errors.length > 0) {
    const error = document.errors[0]!
    throw new Error(`${file}:${error.linePos?.[0].line ?? '?'}: invalid YAML: ${error.message}`)
  }
  const samples: CodeSample[] = []

  function visitNode(node: unknown, path: (string | number)[]) {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
        const value = pair.value as Node | null
        const rule = options.rules.find((candidate) => candidate.key === key && path.includes(candidate.under))
        if (rule && isScalar(value) && typeof value.value === 'string') {
          const block = value.type === Scalar.BLOCK_LITERAL || value.type === Scalar.BLOCK_FOLDED
          const start = lineCounter.linePos(value.range?.[0] ?? 0).line
          samples.push({
            file,
            line: block ? start + 1 : start,
            lang: rule.lang,
            code: value.value,
            fragment: false,
            runnable: rule.runnable ?? false,
            group: options.groupOf ? options.groupOf([...path, key]) : file,
            moduleAliases: options.moduleAliases,
          })
        } else {
          visitNode(value, [...path, key])
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visitNode(item, [...path, index]))
    }
  }

  visitNode(document.contents, [])
  return samples
}
