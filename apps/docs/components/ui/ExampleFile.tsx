import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '@/lib/repo-paths'
import { CodeBlock } from './CodeBlock'

/**
 * Shows a file of the repository (an example app's migration, a component) as a code block,
 * so the guide and the runnable example can never drift apart.
 */
export function ExampleFile({ path: relative, lang, title }: { path: string; lang?: string; title?: string }) {
  const root = repoRoot()
  const absolute = path.resolve(root, relative)
  if (!absolute.startsWith(root + path.sep) || !existsSync(absolute)) {
    throw new Error(`<ExampleFile path="${relative}">: no such file in the repository`)
  }
  const code = readFileSync(absolute, 'utf8')
  const extension = path.extname(relative).slice(1)
  return <CodeBlock code={code} lang={lang ?? extension} title={title ?? relative.split('/').slice(-3).join('/')} />
}
