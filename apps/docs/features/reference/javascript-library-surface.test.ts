/**
 * Holds the JavaScript reference to the public surface of the installed library, read with the
 * TypeScript compiler from the packages' own declaration files:
 * - every public method of the v2 client classes has a section, or an entry in NOT_DOCUMENTED
 *   saying why not;
 * - in v2 and v1, a member marked `@deprecated` (a method, one of its overloads, or an option)
 *   is never shown as current: its section or option says it is deprecated and names what to
 *   use instead.
 * A section documents a method when its accessor (javascript-accessors.ts) resolves to it.
 */
import path from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import { v1Accessors, v2Accessors } from './javascript-accessors'
import { getLibrary } from './libraries'
import { loadReferenceFrom, type LoadedReference } from './load-reference'
import type { ClientFunction, FunctionParam } from './schemas/client-library-spec'

const contentRoot = path.join(docsRoot(), 'content', 'reference')
/** Inside apps/docs so that module resolution finds node_modules. */
const probeDir = path.join(docsRoot(), '.reference-typecheck', 'library-surface')

/** The client objects whose public methods the reference covers, as reached from `supabase`. */
const CLIENT_OBJECTS: Record<string, string> = {
  SupabaseClient: 'supabase',
  GoTrueClient: 'supabase.auth',
  GoTrueAdminApi: 'supabase.auth.admin',
  PostgrestQueryBuilder: `supabase.from('t')`,
  // The filter builder inherits the transform builder and PostgrestBuilder.
  PostgrestFilterBuilder: `supabase.from('t').select()`,
  StorageClient: 'supabase.storage',
  StorageFileApi: `supabase.storage.from('b')`,
  RealtimeClient: 'supabase.realtime',
  RealtimeChannel: `supabase.channel('c')`,
  FunctionsClient: 'supabase.functions',
}

/**
 * Public methods without a section of their own, keyed `DeclaringClass.method`. Each says why.
 * The test fails when an entry is documented after all or is no longer a public method.
 */
const NOT_DOCUMENTED: Record<string, string> = {
  'SupabaseClient.from': 'the entry point of every Database section; its only argument is the table name',
  'StorageClient.from':
    'the entry point of every from() section under Storage; its only argument is the bucket',
  'PostgrestBuilder.then': 'the promise protocol that makes a query awaitable; never called by name',
  'GoTrueClient.isThrowOnErrorEnabled':
    'reads back the auth.throwOnError option, documented under createClient()',
  'GoTrueClient.signInWithPasskey': 'experimental: passkeys are behind the auth.experimental flag',
  'GoTrueClient.registerPasskey': 'experimental: passkeys are behind the auth.experimental flag',
  'BaseApiClient.throwOnError': 'storage-wide error mode shared with the vectors and analytics clients',
  'BaseApiClient.setHeader':
    'storage-wide header setter; createClient() global.headers covers the common case',
  'StorageFileApi.toBase64': 'internal helper of the signed upload flow, public only by accident',
  'RealtimeClient.channel': 'the same as supabase.channel(), which has its section',
  'RealtimeClient.getChannels': 'the same as supabase.getChannels(), which has its section',
  'RealtimeClient.removeChannel': 'the same as supabase.removeChannel(), which has its section',
  'RealtimeClient.removeAllChannels': 'the same as supabase.removeAllChannels(), which has its section',
  'RealtimeClient.isConnected': 'a boolean view of connectionState(), described in its section',
  'RealtimeClient.isConnecting': 'a boolean view of connectionState(), described in its section',
  'RealtimeClient.isDisconnecting': 'a boolean view of connectionState(), described in its section',
  'RealtimeClient.endpointURL': 'internal: builds the socket URL from the options',
  'RealtimeClient.log': 'internal: writes to the logger given in the realtime options',
  'RealtimeClient.push': 'internal: low-level frame sending used by channels',
  'RealtimeClient.sendHeartbeat': 'internal: the heartbeat timer calls it',
  'RealtimeClient.onHeartbeat': 'internal: the heartbeat callback is set through realtime.heartbeatCallback',
  'RealtimeChannel.updateJoinPayload': 'internal: used by setAuth() to refresh the join message',
  'RealtimeChannel.teardown': 'internal: removeChannel() calls it after unsubscribing',
  'RealtimeChannel.copyBindings': 'internal: moves listeners between channel objects on rejoin',
}

/**
 * For each deprecated member the reference mentions: what the text must name instead. Keyed
 * `DeclaringClass.method` for methods and overloads, `DeclaringType.property` for options.
 */
const REPLACEMENTS: Record<string, RegExp> = {
  'GoTrueClient.onAuthStateChange': /synchronous/i,
  'PostgrestTransformBuilder.order': /referencedTable/,
  'PostgrestTransformBuilder.returns': /overrideTypes\(\)/,
  // v1: the insert() overload that takes `upsert: true`.
  'PostgrestQueryBuilder.insert': /upsert\(\)/,
  'getClaims.keys': /`jwks/,
  'VerifyMobileOtpParams.options.captchaToken': /signInWithOtp\(\)/,
  'VerifyEmailOtpParams.options.captchaToken': /signInWithOtp\(\)/,
}

interface Program {
  checker: ts.TypeChecker
  /** Variable name in the probe -> its declaration. */
  declarations: Map<string, ts.VariableDeclaration>
  problems: string[]
}

function compileProbe(probeFile: string, lines: string[]): Program {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    skipLibCheck: true,
  }
  const text = lines.join('\n')
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists } = host
  host.getCurrentDirectory = () => docsRoot()
  host.getSourceFile = (fileName, version, ...rest) =>
    fileName === probeFile
      ? ts.createSourceFile(fileName, text, version, true)
      : getSourceFile(fileName, version, ...rest)
  host.fileExists = (fileName) => fileName === probeFile || fileExists(fileName)
  const program = ts.createProgram([probeFile], options, host)
  const source = program.getSourceFile(probeFile)
  if (!source) throw new Error('probe file missing from the program')
  const problems = ts
    .getPreEmitDiagnostics(program, source)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
  const declarations = new Map<string, ts.VariableDeclaration>()
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) declarations.set(node.name.text, node)
    node.forEachChild(visit)
  })
  return { checker: program.getTypeChecker(), declarations, problems }
}

function isDeprecated(declaration: ts.Node): boolean {
  return ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'deprecated')
}

/**
 * `Owner.member` of a method or property declaration: the class or interface that declares it,
 * or for an inline option type the property or method parameter it belongs to
 * (`getClaims.keys`).
 */
function ownerKey(declaration: ts.Declaration, member: string): string {
  const owner = declaration.parent
  let name = '?'
  if ((ts.isClassDeclaration(owner) || ts.isInterfaceDeclaration(owner)) && owner.name) name = owner.name.text
  else if (ts.isTypeLiteralNode(owner) && ts.isPropertySignature(owner.parent))
    name = ownerKey(owner.parent, owner.parent.name.getText())
  else if (ts.isTypeLiteralNode(owner) && ts.isParameter(owner.parent)) {
    const fn = owner.parent.parent
    name = ts.isMethodDeclaration(fn) || ts.isMethodSignature(fn) ? fn.name.getText() : '?'
  }
  return `${name}.${member}`
}

function memberName(declaration: ts.Declaration): string {
  const name = ts.getNameOfDeclaration(declaration)
  return name ? name.getText() : '?'
}

function isPublicMethod(declaration: ts.Declaration, name: string): boolean {
  if (!ts.isMethodDeclaration(declaration) && !ts.isMethodSignature(declaration)) return false
  if (name.startsWith('_')) return false
  const modifiers = ts.canHaveModifiers(declaration) ? (ts.getModifiers(declaration) ?? []) : []
  return !modifiers.some(
    (modifier) =>
      modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
  )
}

/** The declarations an accessor expression (`supabase.auth.signUp`) resolves to. */
function accessedDeclarations(checker: ts.TypeChecker, variable: ts.VariableDeclaration): ts.Declaration[] {
  const initializer = variable.initializer
  if (!initializer || !ts.isPropertyAccessExpression(initializer)) return []
  return checker.getSymbolAtLocation(initializer.name)?.declarations ?? []
}

interface LibraryProbe {
  documented: { fn: ClientFunction; variable: string }[]
  probe: Program
}

/** Compiles every documented function's accessor (and, for v2, the client objects). */
async function probeLibrary(
  key: 'javascript-v2' | 'javascript-v1',
  packageName: string,
  accessors: Record<string, string>,
  objects: Record<string, string>,
): Promise<LibraryProbe> {
  const reference: LoadedReference = await loadReferenceFrom(getLibrary(key), contentRoot)
  const functions = reference.sections.flatMap((section) =>
    section.content.kind === 'function' ? [section.content.fn] : [],
  )
  const lines = [
    `import { createClient, type SupabaseClient } from '${packageName}'`,
    'declare const supabase: SupabaseClient',
  ]
  const documented: LibraryProbe['documented'] = []
  functions.forEach((fn, index) => {
    const accessor = accessors[fn.id]
    if (!accessor) return
    lines.push(`export const fn${index} = ${accessor}`)
    documented.push({ fn, variable: `fn${index}` })
  })
  for (const [name, expression] of Object.entries(objects)) {
    lines.push(`export const object_${name} = ${expression}`)
  }
  return { documented, probe: compileProbe(path.join(probeDir, `${key}.ts`), lines) }
}

let documented: LibraryProbe['documented']
let probe: Program
let v1: LibraryProbe

beforeAll(async () => {
  ;({ documented, probe } = await probeLibrary(
    'javascript-v2',
    '@supabase/supabase-js',
    v2Accessors,
    CLIENT_OBJECTS,
  ))
  v1 = await probeLibrary('javascript-v1', 'supabase-js-v1', v1Accessors, {})
}, 120_000)

function publicMethods(): Map<string, ts.Declaration[]> {
  const { checker, declarations } = probe
  const methods = new Map<string, ts.Declaration[]>()
  for (const name of Object.keys(CLIENT_OBJECTS)) {
    const variable = declarations.get(`object_${name}`)
    if (!variable) throw new Error(`no probe for ${name}`)
    for (const symbol of checker.getTypeAtLocation(variable).getProperties()) {
      const own = (symbol.declarations ?? []).filter((declaration) =>
        isPublicMethod(declaration, symbol.name),
      )
      const first = own[0]
      if (first) methods.set(ownerKey(first, symbol.name), own)
    }
  }
  return methods
}

function documentedDeclarations(): Set<ts.Declaration> {
  const found = new Set<ts.Declaration>()
  for (const { variable } of documented) {
    const declaration = probe.declarations.get(variable)
    if (declaration) for (const target of accessedDeclarations(probe.checker, declaration)) found.add(target)
  }
  return found
}

describe('the supabase-js v2 reference covers the installed library', () => {
  it('compiles the probe of every accessor and client object', () => {
    expect(probe.problems).toEqual([])
    expect(documented.length).toBeGreaterThan(130)
  })

  it('has a section for every public method of the client classes, or says why not', () => {
    const methods = publicMethods()
    const covered = documentedDeclarations()
    const missing = [...methods]
      .filter(([key, declarations]) => !(key in NOT_DOCUMENTED) && !declarations.some((d) => covered.has(d)))
      .map(([key]) => key)
    expect(missing).toEqual([])
  })

  it('keeps the list of undocumented methods honest: each is public and has no section', () => {
    const methods = publicMethods()
    const covered = documentedDeclarations()
    const stale = Object.keys(NOT_DOCUMENTED).flatMap((key) => {
      const declarations = methods.get(key)
      if (!declarations) return [`${key}: not a public method of the client classes`]
      return declarations.some((d) => covered.has(d)) ? [`${key}: has a section; remove the entry`] : []
    })
    expect(stale).toEqual([])
    expect(Object.keys(NOT_DOCUMENTED).length).toBeLessThanOrEqual(30)
  })
})

// ---------------------------------------------------------------------------------------------
// Deprecations

/** Descriptions of parameters and their options, at every depth. */
function paramTexts(params: FunctionParam[]): string[] {
  return params.flatMap((param) => [param.description ?? '', ...paramTexts(param.properties ?? [])])
}

function sectionText(fn: ClientFunction): string {
  return [fn.description ?? '', fn.notes ?? '', ...paramTexts(fn.params)].join('\n')
}

/** What the text must say about a deprecated member: the word, and the replacement. */
function deprecationProblem(key: string, text: string, where: string): string[] {
  const replacement = REPLACEMENTS[key]
  if (!replacement) return [`${where}: ${key} is deprecated; add the replacement to REPLACEMENTS`]
  const problems: string[] = []
  if (!/deprecated/i.test(text)) problems.push(`${where}: presents deprecated ${key} without saying so`)
  if (!replacement.test(text))
    problems.push(`${where}: does not name the replacement of ${key} (${replacement})`)
  return problems
}

/** Documented options that are deprecated in the real types, with the option's description. */
function deprecatedOptions(
  checker: ts.TypeChecker,
  documentedParams: FunctionParam[],
  types: readonly ts.Type[],
  where: string,
): string[] {
  const problems: string[] = []
  for (const param of documentedParams) {
    const variants = types.flatMap((type) => {
      const members = checker.getNonNullableType(type)
      return members.isUnion() ? members.types : [members]
    })
    const symbols = variants.flatMap((variant) => {
      const symbol = checker.getPropertyOfType(variant, param.name)
      return symbol ? [symbol] : []
    })
    for (const symbol of symbols) {
      for (const declaration of symbol.declarations ?? []) {
        if (isDeprecated(declaration)) {
          problems.push(
            ...deprecationProblem(
              ownerKey(declaration, param.name),
              param.description ?? '',
              `${where}.${param.name}`,
            ),
          )
        }
      }
    }
    if (param.properties) {
      const inner = symbols.map((symbol) => checker.getTypeOfSymbol(symbol))
      problems.push(...deprecatedOptions(checker, param.properties, inner, `${where}.${param.name}`))
    }
  }
  return [...new Set(problems)]
}

/** Deprecated methods, overloads and options that a section shows without the warning. */
function deprecationProblems(library: LibraryProbe): string[] {
  const { checker, declarations } = library.probe
  const problems: string[] = []
  for (const { fn, variable } of library.documented) {
    const declaration = declarations.get(variable)
    if (!declaration) continue
    const targets = accessedDeclarations(checker, declaration)
    const deprecated = targets.filter(isDeprecated)
    const first = deprecated[0]
    if (first)
      problems.push(...deprecationProblem(ownerKey(first, memberName(first)), sectionText(fn), fn.id))
    const signatures = checker.getTypeAtLocation(declaration).getCallSignatures()
    fn.params.forEach((param, index) => {
      const types = signatures.flatMap((signature) => {
        const symbol = signature.getParameters()[index]
        return symbol ? [checker.getTypeOfSymbol(symbol)] : []
      })
      if (param.properties) {
        problems.push(...deprecatedOptions(checker, param.properties, types, `${fn.id} ${param.name}`))
      }
    })
  }
  return problems
}

describe('deprecated members in the JavaScript reference', () => {
  it('are always marked deprecated in v2, with their replacement named', () => {
    expect(deprecationProblems({ documented, probe })).toEqual([])
  })

  it('are always marked deprecated in v1, with their replacement named', () => {
    expect(v1.probe.problems).toEqual([])
    expect(v1.documented.length).toBeGreaterThan(40)
    expect(deprecationProblems(v1)).toEqual([])
  })

  it('are found: the installed types still deprecate what the reference warns about', () => {
    const { checker, declarations } = probe
    const deprecatedMethods = documented.flatMap(({ fn, variable }) => {
      const declaration = declarations.get(variable)
      return declaration && accessedDeclarations(checker, declaration).some(isDeprecated) ? [fn.id] : []
    })
    expect(deprecatedMethods).toEqual(
      expect.arrayContaining(['auth-on-auth-state-change', 'order', 'returns']),
    )
  })

  it('reports a deprecated option shown as current, and one without its replacement', () => {
    const getClaims = documented.find(({ fn }) => fn.id === 'auth-get-claims')
    const declaration = getClaims && probe.declarations.get(getClaims.variable)
    if (!declaration) throw new Error('getClaims is not documented')
    const [signature] = probe.checker.getTypeAtLocation(declaration).getCallSignatures()
    const optionsSymbol = signature?.getParameters()[1]
    if (!optionsSymbol) throw new Error('getClaims has no options parameter')
    const optionsType = probe.checker.getTypeOfSymbol(optionsSymbol)
    const check = (description: string) =>
      deprecatedOptions(probe.checker, [{ name: 'keys', type: 'JWK[]', description }], [optionsType], 'x')
    expect(check('Public keys to verify with.')).toEqual([
      'x.keys: presents deprecated getClaims.keys without saying so',
      'x.keys: does not name the replacement of getClaims.keys (/`jwks/)',
    ])
    expect(check('Deprecated, with no word on what to use.')).toEqual([
      'x.keys: does not name the replacement of getClaims.keys (/`jwks/)',
    ])
    expect(check('Deprecated: pass `jwks: { keys }` instead.')).toEqual([])
  })
})
