/**
 * Holds the JavaScript reference to the real libraries:
 * - every example (and every `ts` block of a markdown section) compiles against the published
 *   types: `@supabase/supabase-js` 2.x for v2, 1.x (installed as `supabase-js-v1`) for v1;
 * - every documented parameter exists on the real function, in the same position, with the
 *   same optional mark, and every documented option exists on the real option type.
 * Failures name the section and the example or parameter.
 */
import path from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import { getLibrary } from './libraries'
import { loadReferenceFrom, type LoadedReference } from './load-reference'
import { v1Accessors, v2Accessors } from './javascript-accessors'
import type { ClientFunction, FunctionParam } from './schemas/client-library-spec'

const contentRoot = path.join(docsRoot(), 'content', 'reference')
/** Virtual files live inside apps/docs so that module resolution finds node_modules. */
const virtualRoot = path.join(docsRoot(), '.reference-typecheck')

interface LibraryUnderTest {
  key: 'javascript-v2' | 'javascript-v1'
  /** The package (or npm alias) whose types the examples are checked against. */
  packageName: string
  /** How to reach each documented function, as an expression over the client `supabase`. */
  accessors: Record<string, string>
}

const LIBRARIES: LibraryUnderTest[] = [
  {
    key: 'javascript-v2',
    packageName: '@supabase/supabase-js',
    accessors: v2Accessors,
  },
  {
    key: 'javascript-v1',
    packageName: 'supabase-js-v1',
    accessors: v1Accessors,
  },
]

// ---------------------------------------------------------------------------------------------
// Compiling samples

interface Sample {
  /** "select › all-rows" or "using-filters › block 2" */
  label: string
  code: string
}

const FENCE = /^```(ts|typescript|js|javascript)([^\n]*)\n([\s\S]*?)^```/gm

/** Samples of a loaded reference: every example, and every checkable block of markdown. */
function samplesOf(reference: LoadedReference): Sample[] {
  const samples: Sample[] = []
  for (const section of reference.sections) {
    const { content } = section
    if (content.kind === 'function') {
      for (const example of content.fn.examples) {
        if (example.lang === undefined || /^(ts|js|typescript|javascript)$/.test(example.lang)) {
          samples.push({ label: `${section.id} › ${example.id}`, code: example.code })
        }
      }
    } else if (content.kind === 'markdown') {
      let block = 0
      for (const match of content.source.matchAll(FENCE)) {
        block += 1
        if (/\bfragment\b/.test(match[2] ?? '')) continue
        samples.push({ label: `${section.id} › code block ${block}`, code: match[3] ?? '' })
      }
    }
  }
  return samples
}

function compilerOptions(): ts.CompilerOptions {
  return {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // Each sample is its own module: top-level await works and names do not clash.
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    skipLibCheck: true,
  }
}

function createProgram(files: Map<string, string>, options: ts.CompilerOptions): ts.Program {
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.getCurrentDirectory = () => docsRoot()
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = files.get(fileName)
    return text !== undefined
      ? ts.createSourceFile(fileName, text, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest)
  }
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName)
  host.readFile = (fileName) => files.get(fileName) ?? readFile(fileName)
  return ts.createProgram([...files.keys()], options, host)
}

function formatDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
  if (!diagnostic.file || diagnostic.start === undefined) return message
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
  return `line ${line + 1}: ${message}`
}

/** Type errors per sample label; an empty list means every sample compiles. */
function compileSamples(library: LibraryUnderTest, samples: Sample[]): string[] {
  const dir = path.join(virtualRoot, library.key)
  const files = new Map<string, string>()
  files.set(
    path.join(dir, 'preamble.d.ts'),
    `import type { SupabaseClient } from '${library.packageName}'\n` +
      `declare global {\n  /** The client the examples use, created as in "Initializing". */\n` +
      `  const supabase: SupabaseClient\n}\nexport {}\n`,
  )
  const labelOf = new Map<string, string>()
  samples.forEach((sample, index) => {
    const file = path.join(dir, `sample-${index}.ts`)
    // v1 samples import from the package's real name; point them at the aliased install.
    const code = sample.code.replaceAll(`'@supabase/supabase-js'`, `'${library.packageName}'`)
    files.set(file, code)
    labelOf.set(file, sample.label)
  })
  const program = createProgram(files, compilerOptions())
  const problems: string[] = []
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const label = diagnostic.file ? labelOf.get(diagnostic.file.fileName) : undefined
    const where = label ?? diagnostic.file?.fileName ?? 'compiler'
    problems.push(`${library.key} ${where}: ${formatDiagnostic(diagnostic)}`)
  }
  return problems
}

// ---------------------------------------------------------------------------------------------
// Comparing documented parameters with the real signatures

interface RealParam {
  name: string
  /** False when the declaration destructures the argument: any documented name is fine. */
  named: boolean
  optional: boolean
  type: ts.Type
}

interface PropertyFacts {
  /** Optional (or absent) in the variants that have every documented name. */
  optional: boolean
  /** Absent from some variant of the whole type: a valid call may leave it out. */
  omissible: boolean
  /** Its type in every variant that has it. */
  types: ts.Type[]
}

/**
 * Properties of an object type, across union members; missing in a member means optional.
 * Members that lack one of the documented names are left out when others have them all: a
 * section documents one variant (`on('postgres_changes', ...)`, a TOTP `verify()`), not every
 * overload of the function.
 */
function propertiesOf(
  checker: ts.TypeChecker,
  types: readonly ts.Type[],
  documented: readonly string[],
): Map<string, PropertyFacts> {
  const variants = types.flatMap((type) => {
    const members = checker.getNonNullableType(type)
    return members.isUnion() ? members.types : [members]
  })
  const withProperties = variants.filter((variant) => variant.getProperties().length > 0)
  const complete = withProperties.filter((variant) =>
    documented.every((name) => checker.getPropertyOfType(variant, name) !== undefined),
  )
  const objects = complete.length > 0 ? complete : withProperties
  const result = new Map<string, { optional: boolean; types: ts.Type[]; seen: number }>()
  for (const variant of objects) {
    for (const symbol of checker.getPropertiesOfType(variant)) {
      const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0
      const propertyType = checker.getTypeOfSymbol(symbol)
      const known = result.get(symbol.name)
      if (known) {
        known.seen += 1
        known.optional ||= optional
        known.types.push(propertyType)
      } else {
        result.set(symbol.name, { optional, types: [propertyType], seen: 1 })
      }
    }
  }
  return new Map(
    [...result].map(([name, facts]) => {
      const optional = facts.optional || facts.seen < objects.length
      const omissible = withProperties.some(
        (variant) => checker.getPropertyOfType(variant, name) === undefined,
      )
      return [name, { optional, omissible: optional || omissible, types: facts.types }]
    }),
  )
}

function checkProperties(
  checker: ts.TypeChecker,
  documented: FunctionParam[],
  realTypes: readonly ts.Type[],
  where: string,
  problems: string[],
): void {
  const real = propertiesOf(
    checker,
    realTypes,
    documented.map((property) => property.name),
  )
  for (const property of documented) {
    const facts = real.get(property.name)
    if (!facts) {
      problems.push(`${where}.${property.name}: no such option (real: ${[...real.keys()].join(', ')})`)
      continue
    }
    const documentedOptional = property.optional ?? false
    if (documentedOptional ? !facts.omissible : facts.optional) {
      problems.push(
        `${where}.${property.name}: optional is ${property.optional ?? false}, real is ${facts.optional}`,
      )
    }
    if (property.properties) {
      checkProperties(checker, property.properties, facts.types, `${where}.${property.name}`, problems)
    }
  }
}

function realParams(checker: ts.TypeChecker, signature: ts.Signature): RealParam[] {
  return signature.getParameters().map((symbol) => {
    const declaration = symbol.valueDeclaration
    const isParameter = declaration !== undefined && ts.isParameter(declaration)
    return {
      name: symbol.name,
      named: isParameter && ts.isIdentifier(declaration.name),
      optional: isParameter && checker.isOptionalParameter(declaration),
      type: checker.getTypeOfSymbol(symbol),
    }
  })
}

function functionsOf(reference: LoadedReference): ClientFunction[] {
  return reference.sections.flatMap((section) =>
    section.content.kind === 'function' ? [section.content.fn] : [],
  )
}

function checkSignatures(library: LibraryUnderTest, functions: ClientFunction[]): string[] {
  const problems: string[] = []
  const dir = path.join(virtualRoot, `${library.key}-signatures`)
  const probe = path.join(dir, 'probe.ts')
  const lines = [`import { createClient, type SupabaseClient } from '${library.packageName}'`]
  lines.push('declare const supabase: SupabaseClient')
  const variableOf = new Map<string, string>()
  functions.forEach((fn, index) => {
    const accessor = library.accessors[fn.id]
    if (!accessor) {
      problems.push(`${library.key} ${fn.id}: no accessor to find the real function`)
      return
    }
    variableOf.set(fn.id, `probe${index}`)
    lines.push(`export const probe${index} = ${accessor}`)
  })
  const program = createProgram(new Map([[probe, lines.join('\n')]]), compilerOptions())
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(probe)
  if (!source) throw new Error('probe file missing from the program')
  for (const diagnostic of ts.getPreEmitDiagnostics(program, source)) {
    problems.push(`${library.key} accessor: ${formatDiagnostic(diagnostic)}`)
  }
  const declarations = new Map<string, ts.VariableDeclaration>()
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) declarations.set(node.name.text, node)
    node.forEachChild(visit)
  })

  for (const fn of functions) {
    const variable = variableOf.get(fn.id)
    const declaration = variable ? declarations.get(variable) : undefined
    if (!declaration) continue
    const signatures = checker.getTypeAtLocation(declaration).getCallSignatures()
    if (signatures.length === 0) {
      problems.push(`${library.key} ${fn.id}: ${library.accessors[fn.id]} is not callable`)
      continue
    }
    const overloads = signatures.map((signature) => realParams(checker, signature))
    const longest = Math.max(...overloads.map((params) => params.length))
    if (fn.params.length !== longest) {
      const names = overloads.map((params) => params.map((p) => p.name).join(', ')).join(' | ')
      problems.push(
        `${library.key} ${fn.id}: documents ${fn.params.length} parameters, the real function takes ${longest} (${names})`,
      )
    }
    fn.params.forEach((param, index) => {
      const candidates = overloads.flatMap((params) => (params[index] ? [params[index]] : []))
      if (candidates.length === 0) return
      const where = `${library.key} ${fn.id} ${param.name}`
      if (!candidates.some((real) => !real.named || real.name === param.name)) {
        problems.push(`${where}: real name is ${[...new Set(candidates.map((c) => c.name))].join(' or ')}`)
      }
      const optional = candidates.every((real) => real.optional)
      if ((param.optional ?? false) !== optional) {
        problems.push(`${where}: optional is ${param.optional ?? false}, real is ${optional}`)
      }
      if (param.properties) {
        const types = candidates.map((real) => real.type)
        checkProperties(checker, param.properties, types, where, problems)
      }
    })
  }
  return problems
}

// ---------------------------------------------------------------------------------------------

describe.each(LIBRARIES)('$key reference against the real types', (library) => {
  let reference: LoadedReference

  beforeAll(async () => {
    reference = await loadReferenceFrom(getLibrary(library.key), contentRoot)
  })

  it('compiles every example and code block', () => {
    const samples = samplesOf(reference)
    expect(samples.length).toBeGreaterThan(library.key === 'javascript-v2' ? 200 : 40)
    expect(compileSamples(library, samples)).toEqual([])
  }, 120_000)

  it('documents the real parameters and options of every function', () => {
    expect(checkSignatures(library, functionsOf(reference))).toEqual([])
  }, 120_000)
})

describe('the sample compiler', () => {
  const library = LIBRARIES[0]
  if (!library) throw new Error('no library under test')

  it('reports a misspelled method with the sample named', () => {
    const problems = compileSamples(library, [
      { label: 'select › typo', code: `const { data } = await supabase.from('planets').selct()` },
    ])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^javascript-v2 select › typo: line 1: Property 'selct' does not exist/)
  })

  it('reports parameters and options that the real function does not have', () => {
    const fn = (params: FunctionParam[]): ClientFunction => ({
      id: 'auth-sign-up',
      title: 'signUp()',
      params,
      examples: [],
    })
    expect(
      checkSignatures(library, [
        fn([
          {
            name: 'credentials',
            type: 'object',
            properties: [
              { name: 'emial', type: 'string', optional: true },
              { name: 'password', type: 'string', optional: true },
              {
                name: 'options',
                type: 'object',
                optional: true,
                properties: [{ name: 'redirectTo', type: 'string', optional: true }],
              },
            ],
          },
          { name: 'extra', type: 'string', optional: true },
        ]),
      ]),
    ).toEqual([
      'javascript-v2 auth-sign-up: documents 2 parameters, the real function takes 1 (credentials)',
      expect.stringMatching(
        /^javascript-v2 auth-sign-up credentials\.emial: no such option \(real: .*email.*\)$/,
      ),
      'javascript-v2 auth-sign-up credentials.password: optional is true, real is false',
      expect.stringMatching(
        /^javascript-v2 auth-sign-up credentials\.options\.redirectTo: no such option \(real: emailRedirectTo, /,
      ),
    ])
  })

  it('checks v1 samples against the v1 types, where v2 methods do not exist', () => {
    const v1 = LIBRARIES[1]
    if (!v1) throw new Error('no v1 library under test')
    const code = `await supabase.auth.signInWithPassword({ email: 'a@b.c', password: 'x' })`
    expect(compileSamples(library, [{ label: 'v2', code }])).toEqual([])
    expect(compileSamples(v1, [{ label: 'auth-sign-in › v2-call', code }]).join('\n')).toMatch(
      /^javascript-v1 auth-sign-in › v2-call: line 1: Property 'signInWithPassword' does not exist/,
    )
  })

  it('reports an unknown option', () => {
    const problems = compileSamples(library, [
      {
        label: 'auth-sign-up › bad-option',
        code: `await supabase.auth.signUp({ email: 'a@b.c', password: 'x', options: { redirectTo: '/' } })`,
      },
    ])
    expect(problems.join('\n')).toMatch(/auth-sign-up › bad-option: line 1: .*redirectTo/)
  })
})
