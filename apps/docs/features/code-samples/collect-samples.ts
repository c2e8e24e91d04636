import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { extractFromMdx } from './extract-mdx'
import { extractFromYaml, type YamlSourceOptions } from './extract-yaml'
import type { CodeSample } from './samples'

function walk(dir: string, extension: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return walk(full, extension)
      return entry.name.endsWith(extension) ? [full] : []
    })
    .sort()
}

/** The YAML specs whose code fields are samples, and how to read each. */
const YAML_SOURCES: { glob: string; options: YamlSourceOptions }[] = [
  {
    // CLI examples live in the prose files writers edit; spec.yaml is generated from them.
    glob: 'content/reference/cli/prose',
    options: { rules: [{ key: 'code', under: 'examples', lang: 'bash' }] },
  },
  {
    glob: 'content/reference/javascript/v2',
    options: {
      rules: [
        { key: 'code', under: 'examples', lang: 'ts' },
        { key: 'sql', under: 'data', lang: 'sql', runnable: true },
      ],
    },
  },
  {
    glob: 'content/reference/javascript/v1',
    options: {
      rules: [
        { key: 'code', under: 'examples', lang: 'ts' },
        { key: 'sql', under: 'data', lang: 'sql', runnable: true },
      ],
    },
  },
]

/** Every code sample of the docs: guides, reference Markdown sections and reference specs. */
export function collectSamples(docsDir: string): CodeSample[] {
  const repoDir = path.resolve(docsDir, '..', '..')
  const repoRelative = (file: string) => path.relative(repoDir, file).split(path.sep).join('/')
  const readExampleFile = (repoPath: string) => readFileSync(path.join(repoDir, repoPath), 'utf8')
  const samples: CodeSample[] = []
  for (const file of [
    ...walk(path.join(docsDir, 'content', 'guides'), '.mdx'),
    ...walk(path.join(docsDir, 'content', 'reference'), '.mdx'),
  ]) {
    samples.push(...extractFromMdx(repoRelative(file), readFileSync(file, 'utf8'), readExampleFile))
  }
  for (const source of YAML_SOURCES) {
    for (const file of walk(path.join(docsDir, source.glob), '.yaml')) {
      samples.push(...extractFromYaml(repoRelative(file), readFileSync(file, 'utf8'), source.options))
    }
  }
  return samples
}

export interface SampleEnvironment {
  /** Samples whose file is under this folder (relative to apps/docs) use this environment. */
  folder: string
  envFile: string
  aliases?: Record<string, string>
}

/** Type environments, most specific first. */
export const SAMPLE_ENVIRONMENTS: SampleEnvironment[] = [
  {
    folder: 'content/reference/javascript/v1',
    envFile: 'content/reference/javascript/v1/code-samples.env.d.ts',
    // v1 samples are checked against the real v1 types, installed under this alias.
    aliases: { '@supabase/supabase-js': 'supabase-js-v1' },
  },
  {
    folder: 'content/reference/javascript/v2',
    envFile: 'content/reference/javascript/v2/code-samples.env.d.ts',
  },
  { folder: 'content', envFile: 'content/code-samples.env.d.ts' },
]

export function environmentFor(sampleFile: string): SampleEnvironment {
  const relative = sampleFile.replace(/^apps\/docs\//, '')
  return (
    SAMPLE_ENVIRONMENTS.find((env) => relative.startsWith(`${env.folder}/`)) ?? SAMPLE_ENVIRONMENTS.at(-1)!
  )
}
