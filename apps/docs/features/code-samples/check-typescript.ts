import path from 'node:path'
import ts from 'typescript'
import { splitPreamble } from '@/components/ui/code-meta'
import type { CodeSample, SampleFailure } from './samples'

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  skipLibCheck: true,
  noEmit: true,
  allowJs: true,
  checkJs: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
}

const CODE_EXTENSION = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/

function extensionFor(lang: string): string {
  const ext = lang.toLowerCase()
  if (ext === 'tsx' || ext === 'jsx') return `.${ext}`
  if (ext === 'js' || ext === 'javascript' || ext === 'mjs') return '.js'
  return '.ts'
}

function pageFolder(group: string): string {
  return group
    .replace(/^apps\/docs\/content\//, '')
    .replace(/\.(mdx|yaml)$/, '')
    .replace(/[^a-zA-Z0-9/_-]/g, '_')
}

/**
 * Where a sample lives in the virtual project of its page. A block with a file name
 * (`title="src/client.ts"`) is written at that path, so the page's other blocks can import it
 * exactly as the reader's project would (`import { client } from './client'`).
 */
function virtualPath(root: string, sample: CodeSample, index: number, taken: Set<string>): string {
  const title = sample.title?.replace(/^\.?\//, '')
  let file =
    title && CODE_EXTENSION.test(title) && !title.includes('..')
      ? path.join(root, title)
      : path.join(root, `sample-${index}${extensionFor(sample.lang)}`)
  if (taken.has(file)) file = file.replace(CODE_EXTENSION, `.${index}.$1`)
  taken.add(file)
  return file
}

/** Deno's `npm:` and `jsr:` specifiers and framework aliases become paths the compiler can resolve. */
export function rewriteImports(
  code: string,
  {
    fromFile,
    pageRoot,
    aliases = {},
  }: { fromFile: string; pageRoot: string; aliases?: Record<string, string> },
): string {
  const relative = (target: string) => {
    const rel = path.relative(path.dirname(fromFile), path.join(pageRoot, target)).split(path.sep).join('/')
    return rel.startsWith('.') ? rel : `./${rel}`
  }
  return code.replace(
    /(from\s+|import\s*\(\s*|import\s+)(['"])([^'"]+)\2/g,
    (match, lead: string, quote: string, specifier: string) => {
      let next = specifier
      const npm = /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(specifier)
      if (npm) next = `${npm[1]}${npm[2] ?? ''}`
      else if (specifier.startsWith('@/')) next = relative(specifier.slice(2))
      else if (specifier.startsWith('$lib/')) next = relative(`src/lib/${specifier.slice(5)}`)
      next = aliases[next] ?? next
      return next === specifier ? match : `${lead}${quote}${next}${quote}`
    },
  )
}

/**
 * Declaration files of installed packages and of TypeScript itself (`lib.dom.d.ts`, the supabase-js
 * types), parsed once per process and shared by every program: a run checks three environments
 * (and the tests more), which all read the same ones. The compiler's language service shares
 * parsed files between programs the same way.
 */
const installedDeclarations = new Map<string, ts.SourceFile>()
const isInstalledDeclaration = (file: string) =>
  file.endsWith('.d.ts') && file.split(/[\\/]/).includes('node_modules')

export interface TypeEnvironment {
  /** Ambient declarations every sample of this environment may use (e.g. a `supabase` client). */
  envFile?: string
  aliases?: Record<string, string>
}

/**
 * Type-checks samples in one program against the packages installed in `projectDir` (the real
 * @supabase/supabase-js types). Each sample is its own module; each page is its own folder.
 */
export function checkTypeScript(
  samples: readonly CodeSample[],
  projectDir: string,
  environment: TypeEnvironment = {},
): SampleFailure[] {
  if (samples.length === 0) return []
  const virtualDir = path.join(projectDir, '.code-samples')
  const files = new Map<string, { sample: CodeSample; text: string }>()
  const taken = new Set<string>()
  samples.forEach((sample, index) => {
    const pageRoot = path.join(virtualDir, pageFolder(sample.group))
    const name = virtualPath(pageRoot, sample, index, taken)
    const { preamble, visible } = splitPreamble(sample.code)
    // The marker line becomes an empty comment, so line numbers still match the source.
    const source = preamble ? `${preamble}//\n${visible}` : visible
    const aliases = { ...environment.aliases, ...sample.moduleAliases }
    // Each sample is a module, except a declaration file: its interfaces augment the globals.
    const ending = name.endsWith('.d.ts') ? '\n' : '\nexport {}\n'
    const text = `${rewriteImports(source, { fromFile: name, pageRoot, aliases })}${ending}`
    files.set(name, { sample, text })
  })
  const host = ts.createCompilerHost(COMPILER_OPTIONS, true)
  const readFile = host.readFile.bind(host)
  const fileExists = host.fileExists.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.readFile = (file) => files.get(file)?.text ?? readFile(file)
  host.fileExists = (file) => files.has(file) || fileExists(file)
  host.getSourceFile = (file, language, onError, shouldCreate) => {
    const virtual = files.get(file)?.text
    if (virtual !== undefined) return ts.createSourceFile(file, virtual, language, true)
    if (!isInstalledDeclaration(file)) return getSourceFile(file, language, onError, shouldCreate)
    const key = `${file}\0${JSON.stringify(language)}`
    let parsed = installedDeclarations.get(key)
    if (!parsed) {
      parsed = getSourceFile(file, language, onError, shouldCreate)
      if (parsed) installedDeclarations.set(key, parsed)
    }
    return parsed
  }
  const directoryExists = host.directoryExists?.bind(host)
  host.directoryExists = (dir) =>
    [...files.keys()].some((file) => file.startsWith(dir + path.sep)) ||
    (directoryExists ? directoryExists(dir) : true)
  host.getCurrentDirectory = () => projectDir
  const roots = [...files.keys(), ...(environment.envFile ? [environment.envFile] : [])]
  const program = ts.createProgram(roots, COMPILER_OPTIONS, host)
  const failures: SampleFailure[] = []
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    const entry = diagnostic.file ? files.get(diagnostic.file.fileName) : undefined
    if (!entry) {
      if (diagnostic.category === ts.DiagnosticCategory.Error) {
        const where = diagnostic.file
          ? path.relative(projectDir, diagnostic.file.fileName)
          : 'compiler options'
        throw new Error(`Type environment broken (${where}): ${message}`)
      }
      continue
    }
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
    failures.push({
      sample: entry.sample,
      line: entry.sample.line + line,
      message: `TS${diagnostic.code}: ${message}`,
    })
  }
  return failures
}
