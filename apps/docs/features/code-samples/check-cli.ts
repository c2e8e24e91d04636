import { commandTitle, type CliFacts, type FactCommand, type FactFlag } from '@/features/cli-facts'
import { splitShellCommands, type ShellWord } from './shell-commands'
import type { CodeSample, SampleFailure } from './samples'

/**
 * Every `supabase ...` line of a shell sample must name a command of CLI 1.187 and only flags
 * (and, where the CLI lists them, values) that command accepts. The facts file is the source.
 */

interface CommandFacts {
  command: FactCommand
  /** Flags by long name: the command's own, inherited, hidden and the global ones. */
  flags: Map<string, FactFlag>
  shorthands: Map<string, FactFlag>
  deprecatedUse?: string[]
}

export interface CliIndex {
  byPath: Map<string, CommandFacts>
  /** Top-level names and aliases, so `supabase migrations list` resolves like the CLI does. */
  children: Map<string, Map<string, string>>
  /** The global flags, which may come before the command words. */
  globalFlags: Pick<CommandFacts, 'flags' | 'shorthands'>
}

type LooseCommand = FactCommand & { hiddenFlags?: FactFlag[]; deprecated?: boolean; deprecatedUse?: string[] }

export function indexCliFacts(facts: CliFacts): CliIndex {
  const hidden = ((facts as { hiddenCommands?: LooseCommand[] }).hiddenCommands ?? []) as LooseCommand[]
  const all = [...(facts.commands as LooseCommand[]), ...hidden]
  const byPath = new Map<string, CommandFacts>()
  const children = new Map<string, Map<string, string>>()
  for (const command of all) {
    const flags = new Map<string, FactFlag>()
    const shorthands = new Map<string, FactFlag>()
    const add = (flag: FactFlag) => {
      if (!flags.has(flag.name)) flags.set(flag.name, flag)
      if (flag.shorthand && !shorthands.has(flag.shorthand)) shorthands.set(flag.shorthand, flag)
    }
    const ancestors = command.path.split(' ').map((_, i, words) => words.slice(0, i + 1).join(' '))
    for (const flag of [...command.flags, ...(command.persistentFlags ?? []), ...(command.hiddenFlags ?? [])])
      add(flag)
    // A parent's persistent flags reach every subcommand, even when the child does not list them.
    for (const parentPath of ancestors.slice(0, -1)) {
      const parent = all.find((c) => c.path === parentPath)
      for (const flag of parent?.persistentFlags ?? []) add(flag)
    }
    for (const flag of facts.globalFlags) {
      // cobra puts `--version` on the root command only.
      if (flag.name !== 'version') add(flag)
    }
    byPath.set(command.path, {
      command,
      flags,
      shorthands,
      deprecatedUse: command.deprecated ? (command.deprecatedUse ?? []) : undefined,
    })
    const words = command.path.split(' ')
    const parentKey = words.slice(0, -1).join(' ')
    const siblings = children.get(parentKey) ?? new Map<string, string>()
    for (const name of [words.at(-1)!, ...command.aliases]) siblings.set(name, command.path)
    children.set(parentKey, siblings)
  }
  const globalFlags = { flags: new Map<string, FactFlag>(), shorthands: new Map<string, FactFlag>() }
  for (const flag of facts.globalFlags) {
    globalFlags.flags.set(flag.name, flag)
    if (flag.shorthand) globalFlags.shorthands.set(flag.shorthand, flag)
  }
  return { byPath, children, globalFlags }
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/

/** Where the words of a CLI call start: `supabase`, `npx supabase@1.187`, `npx --yes supabase`. */
function cliStart(words: ShellWord[]): number | undefined {
  let i = 0
  while (i < words.length && ASSIGNMENT.test(words[i]!.text)) i += 1
  const first = words[i]?.text
  if (first === 'supabase') return i + 1
  if (first === 'npx' || first === 'bunx' || first === 'pnpx') {
    let j = i + 1
    while (words[j]?.text.startsWith('-')) j += 1
    if (words[j] && /^supabase(@[\w.^~-]+)?$/.test(words[j]!.text)) return j + 1
  }
  return undefined
}

export interface CliProblem {
  /** 0-based line within the sample. */
  line: number
  message: string
}

/**
 * Checks one simple command; returns nothing when it is not a CLI call. `environment` holds the
 * variables the script set before it: a flag's variable (`SUPABASE_EXPERIMENTAL`) stands for it.
 */
export function checkCliCall(
  words: ShellWord[],
  index: CliIndex,
  environment: ReadonlySet<string> = new Set(),
): CliProblem[] | undefined {
  const start = cliStart(words)
  if (start === undefined) return undefined
  const env = new Set(environment)
  for (const word of words.slice(0, start)) {
    const assignment = ASSIGNMENT.exec(word.text)
    if (assignment) env.add(assignment[1]!)
  }
  const problems: CliProblem[] = []
  let path = ''
  let positionals = 0
  const given: { flag: FactFlag; word: ShellWord; value?: ShellWord }[] = []
  const unresolved: { word: ShellWord; name: string; value?: string }[] = []
  let helpOrVersion = false

  for (let i = start; i < words.length; i += 1) {
    const word = words[i]!
    const text = word.text
    if (text === '--') break
    // Redirections (`> file`, `2>&1`, `2> log`) belong to the shell, not to the CLI.
    const redirect = /^\d*(?:>>?|<)(&\d+)?(.*)$/.exec(text)
    if (redirect && !word.dynamic) {
      if (!redirect[1] && !redirect[2]) i += 1
      continue
    }
    if (text.startsWith('-') && text.length > 1) {
      const long = text.startsWith('--')
      const [rawName, inlineValue] = long
        ? splitOnce(text.slice(2))
        : [text.slice(1, 2), text.length > 2 ? text.slice(2).replace(/^=/, '') : undefined]
      const facts = path ? index.byPath.get(path) : index.globalFlags
      const flag = long ? facts?.flags.get(rawName) : facts?.shorthands.get(rawName)
      if (rawName === 'help' || rawName === 'h' || rawName === 'version' || (rawName === 'v' && !long)) {
        helpOrVersion = true
        continue
      }
      if (!flag) {
        // Flags may precede the command words; resolve them once the command is known.
        unresolved.push({ word, name: long ? `--${rawName}` : `-${rawName}`, value: inlineValue })
        continue
      }
      let value: ShellWord | undefined
      if (inlineValue !== undefined) value = { ...word, text: inlineValue }
      else if (flag.type !== 'bool' && i + 1 < words.length) {
        value = words[i + 1]
        i += 1
      }
      given.push({ flag, word, value })
      continue
    }
    const next = positionals === 0 ? index.children.get(path)?.get(text) : undefined
    if (next && !word.dynamic) {
      path = next
      continue
    }
    const here = index.byPath.get(path)
    if (!here || !here.command.runnable) {
      problems.push({
        line: word.line,
        message: `${path ? `"${commandTitle(path)}"` : 'supabase'} has no command "${text}" in CLI 1.187`,
      })
      return problems
    }
    positionals += 1
  }

  const facts = index.byPath.get(path)
  if (!facts) {
    if (!helpOrVersion) problems.push({ line: words[start - 1]!.line, message: 'names no command' })
    return problems
  }
  const title = `"${commandTitle(path)}"`
  for (const { word, name, value } of unresolved) {
    const flag = name.startsWith('--') ? facts.flags.get(name.slice(2)) : facts.shorthands.get(name.slice(1))
    if (flag) given.push({ flag, word, value: value === undefined ? undefined : { ...word, text: value } })
    else problems.push({ line: word.line, message: `${title} has no flag ${name} in CLI 1.187` })
  }
  if (helpOrVersion) return problems
  if (!facts.command.runnable) {
    problems.push({
      line: words[start - 1]!.line,
      message: `${title} needs a subcommand: ${[...(index.children.get(path)?.keys() ?? [])].join(', ')}`,
    })
  }
  if (facts.deprecatedUse) {
    problems.push({
      line: words[start - 1]!.line,
      message: `${title} is deprecated in CLI 1.187; use ${facts.deprecatedUse.map((use) => `"supabase ${use}"`).join(' or ')}`,
    })
  }
  for (const { flag, word, value } of given) {
    if (flag.type !== 'bool' && value === undefined) {
      problems.push({ line: word.line, message: `${title}: --${flag.name} needs a value` })
      continue
    }
    if (!value || value.dynamic) continue
    const allowed = flag.type === 'bool' ? ['true', 'false'] : (flag.accepted ?? flag.documentedValues)
    if (!allowed) continue
    const values = flag.type === 'strings' ? value.text.split(',') : [value.text]
    for (const v of values) {
      if (!allowed.includes(v)) {
        problems.push({
          line: value.line,
          message: `${title}: --${flag.name} does not accept "${v}" (one of: ${allowed.join(', ')})`,
        })
      }
    }
  }
  const names = new Set(given.map((g) => g.flag.name))
  const setByEnvironment = (flag: FactFlag) => {
    const variable = flag.envVar ?? index.globalFlags.flags.get(flag.name)?.envVar
    return variable !== undefined && env.has(variable)
  }
  for (const flag of facts.command.flags) {
    if (flag.required && !names.has(flag.name) && !setByEnvironment(flag)) {
      problems.push({
        line: words[start - 1]!.line,
        message:
          flag.name === 'experimental'
            ? `${title} is experimental in CLI 1.187 and needs --experimental`
            : `${title} requires --${flag.name}`,
      })
    }
  }
  for (const group of facts.command.mutuallyExclusive ?? []) {
    const both = group.filter((name) => names.has(name))
    if (both.length > 1) {
      problems.push({
        line: words[start - 1]!.line,
        message: `${title}: ${both.map((n) => `--${n}`).join(' and ')} cannot be used together`,
      })
    }
  }
  return problems
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.indexOf('=')
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}

/** The CLI calls of a shell sample that CLI 1.187 would reject, as sample failures. */
export function checkCliCalls(
  sample: CodeSample,
  index: CliIndex,
): { calls: number; failures: SampleFailure[] } {
  let calls = 0
  const failures: SampleFailure[] = []
  const environment = new Set<string>()
  for (const words of splitShellCommands(sample.code)) {
    // `export NAME=value` and a bare `NAME=value` set a variable for the commands after them.
    const assignments = words[0]?.text === 'export' ? words.slice(1) : words
    if (assignments.every((word) => ASSIGNMENT.test(word.text))) {
      for (const word of assignments) environment.add(ASSIGNMENT.exec(word.text)![1]!)
      continue
    }
    const problems = checkCliCall(words, index, environment)
    if (problems === undefined) continue
    calls += 1
    for (const problem of problems) {
      failures.push({ sample, line: sample.line + problem.line, message: problem.message })
    }
  }
  return { calls, failures }
}
