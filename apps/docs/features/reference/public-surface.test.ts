import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '@/lib/repo-paths'

/** Lints `source` as if it were the file at `file` (relative to the repository root). */
async function restrictedImports(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot() })
  const [result] = await eslint.lintText(source, { filePath: `${repoRoot()}/${file}` })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => source.split('\n')[message.line - 1] ?? '')
}

describe('the reference public surface', () => {
  it('stops other features, app routes, scripts and benchmarks from importing deeper paths', async () => {
    const deep = [
      "import { loadReference } from '@/features/reference/load-reference'",
      "import type { CliSpec } from '@/features/reference/schemas/cli-spec'",
      "import { getLibrary } from '../reference/libraries'",
      "export { parseCliSpec } from '@/features/reference/load-spec'",
    ].join('\n')
    expect(await restrictedImports('apps/docs/features/search/example.ts', deep)).toEqual(deep.split('\n'))
    const fromBench = "import { loadReference } from '../apps/docs/features/reference/load-reference'"
    expect(await restrictedImports('bench/example.ts', fromBench)).toEqual([fromBench])
  }, 60_000)

  it('allows the entry points, and any path inside the feature itself', async () => {
    const surface = [
      "import { loadReference } from '@/features/reference'",
      "import { ReferenceLongPage } from '@/features/reference/pages'",
      "import { rewriteReferencePath } from '../features/reference/rewrites'",
    ].join('\n')
    expect(await restrictedImports('apps/docs/app/example.tsx', surface)).toEqual([])
    const inside = "import { parseCliSpec } from '@/features/reference/load-spec'"
    expect(await restrictedImports('apps/docs/features/reference/schemas/example.ts', inside)).toEqual([])
  }, 60_000)
})
