/**
 * The house rules between capability folders and workspaces: no capability imports another's
 * internals, no two capabilities import each other, and no package imports from an app.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { docsRoot, repoRoot } from '@/lib/repo-paths'
import { featureNames } from './feature-boundaries.mjs'

const featuresDir = path.join(docsRoot(), 'features')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (['node_modules', 'out', 'out-test', '.next', 'test-results'].includes(name)) return []
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(tsx?|mts|mjs)$/.test(name) ? [full] : []
  })
}

function importsOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((entry) => entry.fileName)
}

/** The capability a module specifier of `file` lands in, if any. */
function featureOf(file: string, specifier: string): string | undefined {
  let target: string
  if (specifier.startsWith('@/')) target = path.join(docsRoot(), specifier.slice(2))
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier)
  else return undefined
  const relative = path.relative(featuresDir, target)
  return relative.startsWith('..') || relative === '' ? undefined : relative.split(path.sep)[0]
}

/** Which capabilities each capability's non-test code imports, with one file that does. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of sourceFiles(featuresDir)) {
    const from = path.relative(featuresDir, file).split(path.sep)[0]
    // A test may check two capabilities together; only shipped code must keep the order.
    if (!from || /\.test\.tsx?$/.test(file) || !statSync(path.join(featuresDir, from)).isDirectory()) continue
    for (const specifier of importsOf(file)) {
      const to = featureOf(file, specifier)
      if (!to || to === from) continue
      const edges = graph.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, path.relative(docsRoot(), file))
      graph.set(from, edges)
    }
  }
  return graph
}

/** Lints `source` as if it were the file at `file` (relative to the repository root). */
async function restrictedImports(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot() })
  const [result] = await eslint.lintText(source, { filePath: `${repoRoot()}/${file}` })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => source.split('\n')[message.line - 1] ?? '')
}

describe('capability folders', () => {
  it('each has a public surface', () => {
    const without = featureNames().filter(
      (name) =>
        !['index.ts', 'components.ts'].some((entry) => existsSync(path.join(featuresDir, name, entry))),
    )
    expect(without).toEqual([])
  })

  it('never import each other both ways', () => {
    const graph = featureGraph()
    const pairs: string[] = []
    for (const [from, edges] of graph) {
      for (const [to, file] of edges) {
        const back = graph.get(to)?.get(from)
        if (back && from < to) pairs.push(`${from} <-> ${to} (${file}, ${back})`)
      }
    }
    expect(pairs).toEqual([])
    // The check sees real edges: the guides render with the MDX capability.
    expect(graph.get('guides')?.has('mdx')).toBe(true)
  })

  it('finds a pair that imports each other', () => {
    const fake = path.join(featuresDir, 'alpha', 'a.ts')
    expect(featureOf(fake, '@/features/beta/b')).toBe('beta')
    expect(featureOf(fake, '../beta')).toBe('beta')
    expect(featureOf(fake, './b')).toBe('alpha')
    expect(featureOf(fake, '@/lib/site-config')).toBeUndefined()
  })

  it('stop other folders from importing deeper than the public surface', async () => {
    const deep = [
      "import { loadReference } from '@/features/reference/load-reference'",
      "import type { CliSpec } from '@/features/reference/schemas/cli-spec'",
      "import { getLibrary } from '../reference/libraries'",
      "export { parseCliSpec } from '@/features/reference/load-spec'",
      "import { listGuides } from '@/features/guides/guides'",
      "import { guideExampleKey } from '@/features/guides/run/guide-example'",
      "import { Tabs } from '../../tabs/Tabs'",
    ].join('\n')
    expect(await restrictedImports('apps/docs/features/search/example.ts', deep)).toEqual(deep.split('\n'))
    const fromBench = "import { loadReference } from '../apps/docs/features/reference/load-reference'"
    expect(await restrictedImports('bench/example.ts', fromBench)).toEqual([fromBench])
  }, 60_000)

  it('allow the public surface and any path inside the capability itself', async () => {
    const surface = [
      "import { loadReference } from '@/features/reference'",
      "import { ReferenceLongPage } from '@/features/reference/pages'",
      "import { rewriteReferencePath } from '../features/reference/rewrites'",
      "import { listGuides } from '@/features/guides'",
      "import { GuideArticle } from '@/features/guides/components'",
      "import { writeGuideExamples } from '@/features/guides/run/generate-guide-examples'",
    ].join('\n')
    expect(await restrictedImports('apps/docs/app/example.tsx', surface)).toEqual([])
    const inside = "import { parseCliSpec } from '../load-spec'"
    expect(await restrictedImports('apps/docs/features/reference/schemas/example.ts', inside)).toEqual([])
  }, 60_000)
})

describe('workspaces', () => {
  it('no package imports from an app', () => {
    const packagesDir = path.join(repoRoot(), 'packages')
    const offenders = sourceFiles(packagesDir).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('@/') || /(^|\/)apps\//.test(specifier))
        .map((specifier) => `${path.relative(repoRoot(), file)}: ${specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it('the lint rule refuses an app import in a package', async () => {
    const reach = "import { searchSite } from '../../../apps/docs/features/search/site-search'"
    expect(await restrictedImports('packages/docs-mcp/src/example.ts', reach)).toEqual([reach])
  }, 60_000)
})
