/**
 * Joins the facts of the CLI command tree with the hand-written prose into the CLI spec
 * (`spec.yaml`) and the page's section tree (`sections.yaml`). The facts decide what exists
 * (commands, flags, defaults, accepted values, groups); the prose only describes. Anything that
 * does not line up (a command without prose, prose for a command the CLI lacks, a flag without a
 * description) is a problem naming the prose file and field, never a silent gap.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'
import {
  parseCliSpec,
  parseSectionTree,
  type CliCommand,
  type CliExample,
  type CliFlag,
  type CliSpec,
  type SectionEntry,
  type SectionTreeFile,
} from '@/features/reference'
import type { SourceProblem, SourceResult } from '@/lib/parse-structured'
import {
  commandId,
  commandTitle,
  flagsOf,
  parseCliFacts,
  topLevelOf,
  type CliFacts,
  type FactCommand,
  type FactFlag,
} from '@/features/cli-facts'
import { loadCliProse, type CliProse, type LocatedProse } from './prose'

export const FACTS_FILE_NAME = 'cli-v1.187-facts.json'
export const SPEC_FILE_NAME = 'spec.yaml'
export const SECTIONS_FILE_NAME = 'sections.yaml'

/** Lower-case words joined by dashes: example ids. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

function listNames(names: readonly string[], joiner = 'or'): string {
  const quoted = names.map((name) => `\`${name}\``)
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} ${joiner} ${quoted.at(-1)}`
}

/** The usage line as `--help` prints it. */
export function usageOf(command: FactCommand): string {
  if (!command.runnable) return `${commandTitle(command.path)} [command]`
  const parent = command.path.split(' ').slice(0, -1).join(' ')
  return `supabase ${parent === '' ? '' : `${parent} `}${command.use} [flags]`
}

interface Context {
  facts: CliFacts
  prose: CliProse
  byPath: Map<string, FactCommand>
  problems: SourceProblem[]
  usedShared: Set<string>
}

/** A problem in one command's prose; `field` is relative to the command's entry. */
function report(ctx: Context, located: LocatedProse, field: (string | number)[], message: string): void {
  ctx.problems.push({
    file: located.file,
    path: [located.path, ...field],
    message,
    ...located.positionOf(field),
  })
}

/** The hand-written part of a flag's description, looked up from the most specific place. */
function baseFlagDescription(ctx: Context, command: FactCommand, flag: FactFlag): string | undefined {
  const own = ctx.prose.commands.get(command.path)?.prose.flags[flag.name]
  if (own !== undefined) return own
  if (flag.scope === 'inherited' && flag.inheritedFrom !== undefined) {
    const parent = ctx.byPath.get(flag.inheritedFrom)
    const defined = parent?.persistentFlags.find((candidate) => candidate.name === flag.name)
    if (parent && defined) return baseFlagDescription(ctx, parent, defined)
  }
  const shared = ctx.prose.flags.shared[flag.name]
  if (shared !== undefined) {
    ctx.usedShared.add(flag.name)
    return shared
  }
  if (flag.scope === 'global') return ctx.prose.flags.global[flag.name]
  return undefined
}

/** Sentences stated by the facts themselves: environment variable, exclusions, known values. */
function factSentences(command: FactCommand, flag: FactFlag, ctx: Context): string[] {
  const sentences: string[] = []
  if (flag.documentedValues) sentences.push(`Accepts ${listNames(flag.documentedValues)}.`)
  if (flag.filenameExtensions) {
    sentences.push(`Expects a ${listNames(flag.filenameExtensions.map((ext) => `.${ext}`))} file.`)
  }
  const sets = [...command.mutuallyExclusive]
  if (flag.scope === 'inherited' && flag.inheritedFrom !== undefined) {
    sets.push(...(ctx.byPath.get(flag.inheritedFrom)?.mutuallyExclusive ?? []))
  }
  const others = [...new Set(sets.filter((set) => set.includes(flag.name)).flat())].filter(
    (name) => name !== flag.name,
  )
  if (others.length > 0) {
    sentences.push(`Cannot be combined with ${listNames(others.map((name) => `--${name}`))}.`)
  }
  for (const conditional of command.conditionallyRequiredGlobalFlags) {
    if (conditional.when.includes(`--${flag.name}`)) {
      sentences.push(`Needs the global \`--${conditional.name}\` flag as well.`)
    }
  }
  if (flag.envVar && flag.conditionallyRequired) {
    // The required check looks at the command line only: the variable cannot stand in for the flag.
    sentences.push(`Setting \`${flag.envVar}\` does not count as passing this flag.`)
  } else if (flag.envVar) {
    sentences.push(`Also read from the \`${flag.envVar}\` environment variable.`)
  }
  return sentences
}

function buildFlag(description: string, flag: FactFlag): CliFlag {
  return {
    id: flag.name,
    name: `--${flag.name}`,
    shorthand: flag.shorthand === null ? undefined : `-${flag.shorthand}`,
    type: flag.type,
    description,
    default_value: flag.default,
    required: flag.required ? true : undefined,
    accepted_values: flag.accepted?.map((value) => ({ id: value, name: value, type: 'string' })),
    inherit: flag.scope === 'inherited' || flag.scope === 'global' ? true : undefined,
  }
}

function buildCommandFlags(ctx: Context, command: FactCommand, located: LocatedProse): CliFlag[] {
  const known = new Set(flagsOf(command).map((flag) => flag.name))
  for (const name of Object.keys(located.prose.flags)) {
    if (!known.has(name)) {
      report(ctx, located, ['flags', name], `\`${commandTitle(command.path)}\` has no flag --${name}`)
    }
  }
  return flagsOf(command).flatMap((flag) => {
    const base = baseFlagDescription(ctx, command, flag)
    if (base === undefined) {
      report(
        ctx,
        located,
        ['flags'],
        `no description for --${flag.name}: write it here or under \`shared\` in ${ctx.prose.flagsFile}`,
      )
      return []
    }
    return [buildFlag([base.trim(), ...factSentences(command, flag, ctx)].join(' '), flag)]
  })
}

function buildExamples(ctx: Context, located: LocatedProse): CliExample[] {
  const seen = new Set<string>()
  return located.prose.examples.map((example, index) => {
    const id = slugify(example.name)
    if (id === '' || seen.has(id)) {
      report(ctx, located, ['examples', index, 'name'], `gives the example id "${id}", used twice or empty`)
    }
    seen.add(id)
    return {
      id,
      name: example.name,
      code: example.code.trim(),
      response: example.response === undefined ? undefined : example.response.replace(/\s+$/, ''),
    }
  })
}

function buildCommand(ctx: Context, command: FactCommand, subcommandOrder: string[]): CliCommand | undefined {
  const located = ctx.prose.commands.get(command.path)
  if (!located) {
    ctx.problems.push({
      file: `${ctx.prose.commandsDir}/${topLevelOf(command.path)}.yaml`,
      path: [command.path],
      message: `no prose for \`${commandTitle(command.path)}\` (every command of the CLI needs a summary and a description)`,
    })
    return undefined
  }
  const { prose } = located
  if (command.runnable && prose.examples.length === 0) {
    report(ctx, located, ['examples'], `\`${commandTitle(command.path)}\` runs: give it at least one example`)
  }
  const aliases = command.aliases.map((alias) =>
    commandTitle([...command.path.split(' ').slice(0, -1), alias].join(' ')),
  )
  const description = [
    prose.description.trim(),
    ...(aliases.length > 0 ? [`Also available as ${listNames(aliases)}.`] : []),
  ].join('\n\n')
  return {
    id: commandId(command.path),
    title: commandTitle(command.path),
    summary: prose.summary.trim(),
    description,
    tags: [],
    group: command.group,
    experimental: command.experimental ? true : undefined,
    links: prose.links,
    usage: usageOf(command),
    subcommands: subcommandOrder.map(commandId),
    flags: buildCommandFlags(ctx, command, located),
    examples: buildExamples(ctx, located),
  }
}

/** Subcommands in the order their prose is written (the facts list them alphabetically). */
function orderedSubcommands(ctx: Context, command: FactCommand): string[] {
  const file = ctx.prose.commands.get(command.path)?.file
  const order = file === undefined ? [] : (ctx.prose.fileOrder.get(file) ?? [])
  const rank = (sub: string) => {
    const index = order.indexOf(sub)
    return index === -1 ? Number.MAX_SAFE_INTEGER : index
  }
  return [...command.subcommands].sort((a, b) => rank(a) - rank(b))
}

function checkProseMatchesFacts(ctx: Context): void {
  for (const [commandPath, located] of ctx.prose.commands) {
    if (!ctx.byPath.has(commandPath)) {
      report(
        ctx,
        located,
        [],
        `the CLI has no command \`${commandTitle(commandPath)}\` (see ${FACTS_FILE_NAME})`,
      )
      continue
    }
    const expectedFile = `${ctx.prose.commandsDir}/${topLevelOf(commandPath)}.yaml`
    if (located.file !== expectedFile) {
      report(ctx, located, [], `\`${commandTitle(commandPath)}\` belongs in ${expectedFile}`)
    }
  }
  const { info, infoFile, infoPositionOf } = ctx.prose
  info.groups.forEach((group, g) => {
    const expected = ctx.facts.groups[group.id]
    const missing = expected.filter((name) => !group.commands.includes(name))
    const extra = group.commands.filter((name) => !expected.includes(name))
    const where = ['groups', g, 'commands']
    if (missing.length > 0 || extra.length > 0 || new Set(group.commands).size !== group.commands.length) {
      ctx.problems.push({
        file: infoFile,
        path: where,
        message: `must list each top-level command of the "${group.id}" group once: ${expected.join(', ')}${
          missing.length > 0 ? ` (missing ${missing.join(', ')})` : ''
        }${extra.length > 0 ? ` (not in this group: ${extra.join(', ')})` : ''}`,
        ...infoPositionOf(where),
      })
    }
  })
  const groupIds = info.groups.map((group) => group.id)
  if (new Set(groupIds).size !== groupIds.length) {
    ctx.problems.push({
      file: infoFile,
      path: ['groups'],
      message: 'lists a group twice',
      ...infoPositionOf(['groups']),
    })
  }
  const globalNames = ctx.facts.globalFlags.map((flag) => flag.name)
  for (const name of globalNames) {
    if (ctx.prose.flags.global[name] === undefined) {
      ctx.problems.push({
        file: ctx.prose.flagsFile,
        path: ['global'],
        message: `no description for the global flag --${name}`,
        ...ctx.prose.flagsPositionOf(['global']),
      })
    }
  }
  for (const name of Object.keys(ctx.prose.flags.global)) {
    if (!globalNames.includes(name)) {
      ctx.problems.push({
        file: ctx.prose.flagsFile,
        path: ['global', name],
        message: `the CLI has no global flag --${name}`,
        ...ctx.prose.flagsPositionOf(['global', name]),
      })
    }
  }
}

export interface BuiltCliReference {
  spec: CliSpec
  sections: SectionTreeFile
}

/** Builds the spec and section tree, or every problem found on the way. */
export function buildCliReference(facts: CliFacts, prose: CliProse): SourceResult<BuiltCliReference> {
  const ctx: Context = {
    facts,
    prose,
    byPath: new Map(facts.commands.map((command) => [command.path, command])),
    problems: [],
    usedShared: new Set(),
  }
  checkProseMatchesFacts(ctx)

  const commands: CliCommand[] = []
  const sectionFor = (commandPath: string): SectionEntry | undefined => {
    const command = ctx.byPath.get(commandPath)
    if (!command) return undefined
    const subcommands = orderedSubcommands(ctx, command)
    const built = buildCommand(ctx, command, subcommands)
    if (built) commands.push(built)
    const items = subcommands.flatMap((sub) => sectionFor(sub) ?? [])
    return {
      id: commandId(commandPath),
      title: commandTitle(commandPath),
      kind: 'cli-command',
      ...(items.length > 0 ? { items } : {}),
    }
  }

  const sections: SectionTreeFile = {
    categories: [
      {
        title: prose.info.gettingStarted.title,
        sections: prose.info.gettingStarted.sections.map((section) => ({
          id: section.id,
          title: section.title,
          kind: 'markdown' as const,
          ...(section.globalFlags ? { global_flags: true as const } : {}),
        })),
      },
      ...prose.info.groups.map((group) => ({
        title: group.title,
        sections: group.commands.flatMap((name) => sectionFor(name) ?? []),
      })),
    ],
  }

  for (const name of Object.keys(prose.flags.shared)) {
    if (!ctx.usedShared.has(name)) {
      ctx.problems.push({
        file: prose.flagsFile,
        path: ['shared', name],
        message: `--${name} is described here but every command that has it describes it itself`,
        ...prose.flagsPositionOf(['shared', name]),
      })
    }
  }

  const globalFlags = facts.globalFlags.flatMap((flag) => {
    const description = prose.flags.global[flag.name]
    if (description === undefined) return []
    const env = flag.envVar ? [`Also read from the \`${flag.envVar}\` environment variable.`] : []
    return [buildFlag([description.trim(), ...env].join(' '), flag)]
  })

  const spec: CliSpec = {
    info: {
      id: 'cli',
      version: facts.version,
      title: prose.info.title,
      language: 'sh',
      source: prose.info.source,
      description: prose.info.description.trim(),
      tags: prose.info.groups.map((group) => ({
        id: group.id,
        title: group.title,
        description: group.description.trim(),
      })),
    },
    flags: globalFlags,
    commands,
  }
  if (ctx.problems.length > 0) return { ok: false, problems: ctx.problems }
  return { ok: true, value: { spec, sections } }
}

const GENERATED_HEADER = (sources: string) =>
  `# Generated from ${sources} by scripts/cli-spec/generate.ts: edit those, not this file.\n`

export function renderYaml(value: unknown, sources: string): string {
  return (
    GENERATED_HEADER(sources) + stringify(value, { lineWidth: 0, blockQuote: 'literal', singleQuote: true })
  )
}

export interface CliReferenceFiles {
  specYaml: string
  sectionsYaml: string
}

/**
 * Reads the facts and prose under `cliDir` and renders `spec.yaml` and `sections.yaml`, checked
 * against the reference schemas. File names in problems are relative to `shownRoot`.
 */
export function renderCliReferenceFiles(cliDir: string, shownRoot: string): SourceResult<CliReferenceFiles> {
  const shown = (file: string) => path.relative(shownRoot, file).split(path.sep).join('/')
  const factsFile = path.join(cliDir, FACTS_FILE_NAME)
  let factsText: string
  try {
    factsText = readFileSync(factsFile, 'utf8')
  } catch (error) {
    return {
      ok: false,
      problems: [{ file: shown(factsFile), path: [], message: `cannot read the file (${String(error)})` }],
    }
  }
  const facts = parseCliFacts(factsText, shown(factsFile))
  if (!facts.ok) return facts
  const prose = loadCliProse(path.join(cliDir, 'prose'), shownRoot)
  if (!prose.ok) return prose
  const built = buildCliReference(facts.value, prose.value)
  if (!built.ok) return built
  const sources = `${FACTS_FILE_NAME} and prose/`
  const specYaml = renderYaml(built.value.spec, sources)
  const sectionsYaml = renderYaml(built.value.sections, `prose/info.yaml and ${FACTS_FILE_NAME}`)
  // The engine's own checks, so a generated file can never fail the site build later.
  const specCheck = parseCliSpec(specYaml, shown(path.join(cliDir, SPEC_FILE_NAME)))
  if (!specCheck.ok) return specCheck
  const sectionsCheck = parseSectionTree(sectionsYaml, shown(path.join(cliDir, SECTIONS_FILE_NAME)))
  if (!sectionsCheck.ok) return sectionsCheck
  return { ok: true, value: { specYaml, sectionsYaml } }
}
