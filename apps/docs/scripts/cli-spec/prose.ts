/**
 * The prose of the CLI reference, written by hand in YAML under `content/reference/cli/prose/`:
 *
 *   info.yaml               page description, the "Getting started" markdown sections, and the
 *                           four command groups with the menu order of their top-level commands
 *   flags.yaml              descriptions of the global flags, and of flags that mean the same on
 *                           every command that has them (`--db-url`, `--linked`, ...)
 *   commands/<top>.yaml     one file per top-level command: for the command and each subcommand
 *                           (keyed by its path, `db diff`), summary, description, flag
 *                           descriptions, examples. Key order is the order of the subcommands.
 *
 * Names, flags, defaults and accepted values never appear here: they come from the facts file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import {
  parseAndValidate,
  type FieldPath,
  type SourcePosition,
  type SourceProblem,
  type SourceResult,
} from '@/lib/parse-structured'
import { FACT_GROUPS } from '@/features/cli-facts'

const text = z.string().trim().min(1, 'must not be empty')
const flagName = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a flag name without dashes, e.g. "db-url"')
const flagDescriptions = z.record(flagName, text).default({})

export const ProseExampleSchema = z.strictObject({
  name: text,
  /** Shell commands as typed; a line may start with `$ ` only inside `response`. */
  code: text,
  /** What the command prints. Left out when it prints nothing. */
  response: z.string().optional(),
})

export const ProseCommandSchema = z.strictObject({
  summary: text,
  description: text,
  /** Descriptions of this command's flags; they win over flags.yaml. */
  flags: flagDescriptions,
  examples: z.array(ProseExampleSchema).default([]),
  links: z.array(z.strictObject({ name: text, url: text })).default([]),
})

export const ProseCommandFileSchema = z.record(
  z.string().regex(/^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*)*$/, 'must be a command path such as "db diff"'),
  ProseCommandSchema,
)

export const ProseInfoSchema = z.strictObject({
  title: text,
  description: text,
  source: text,
  gettingStarted: z.strictObject({
    title: text,
    sections: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by dashes'),
          title: text,
          /** The section that lists the global flags after its text. */
          globalFlags: z.literal(true).optional(),
        }),
      )
      .min(1),
  }),
  groups: z
    .array(
      z.strictObject({
        id: z.enum(FACT_GROUPS),
        title: text,
        description: text,
        /** Top-level commands of the group, in menu order. */
        commands: z.array(z.string()).min(1),
      }),
    )
    .length(FACT_GROUPS.length, `must list the ${FACT_GROUPS.length} groups`),
})

export const ProseFlagsSchema = z.strictObject({
  global: flagDescriptions,
  shared: flagDescriptions,
})

export type ProseExample = z.infer<typeof ProseExampleSchema>
export type ProseCommand = z.infer<typeof ProseCommandSchema>
export type ProseInfo = z.infer<typeof ProseInfoSchema>
export type ProseFlags = z.infer<typeof ProseFlagsSchema>

/** A command's prose with where it was written, so problems can name the file and line. */
export interface LocatedProse {
  file: string
  path: string
  prose: ProseCommand
  /** Where a field of this command's entry is written. */
  positionOf: (field: FieldPath) => SourcePosition | undefined
}

export interface CliProse {
  info: ProseInfo
  flags: ProseFlags
  /** Keyed by command path, in file order (files sorted by name). */
  commands: Map<string, LocatedProse>
  /** Per file, the command paths in the order they are written. */
  fileOrder: Map<string, string[]>
  infoFile: string
  flagsFile: string
  /** Folder of the per-command files, as shown in messages. */
  commandsDir: string
  infoPositionOf: (field: FieldPath) => SourcePosition | undefined
  flagsPositionOf: (field: FieldPath) => SourcePosition | undefined
}

/**
 * Reads every prose file under `proseDir`. File names in problems are shown relative to
 * `shownRoot` so messages read `content/reference/cli/prose/commands/db.yaml`.
 */
export function loadCliProse(proseDir: string, shownRoot: string): SourceResult<CliProse> {
  const problems: SourceProblem[] = []
  const shown = (file: string) => path.relative(shownRoot, file).split(path.sep).join('/')
  const read = <S extends z.ZodType>(schema: S, file: string) => {
    let source: string
    try {
      source = readFileSync(file, 'utf8')
    } catch (error) {
      problems.push({ file: shown(file), path: [], message: `cannot read the file (${String(error)})` })
      return undefined
    }
    const parsed = parseAndValidate(schema, source, { file: shown(file) })
    if (!parsed.ok) {
      problems.push(...parsed.problems)
      return undefined
    }
    return parsed.value
  }

  const infoFile = path.join(proseDir, 'info.yaml')
  const flagsFile = path.join(proseDir, 'flags.yaml')
  const info = read(ProseInfoSchema, infoFile)
  const flags = read(ProseFlagsSchema, flagsFile)

  const commands = new Map<string, LocatedProse>()
  const fileOrder = new Map<string, string[]>()
  const commandsDir = path.join(proseDir, 'commands')
  const files = readdirSync(commandsDir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
  for (const name of files) {
    const file = path.join(commandsDir, name)
    const parsed = read(ProseCommandFileSchema, file)
    if (!parsed) continue
    const order: string[] = []
    for (const [commandPath, prose] of Object.entries(parsed.value)) {
      const earlier = commands.get(commandPath)
      if (earlier) {
        problems.push({
          file: shown(file),
          path: [commandPath],
          message: `"${commandPath}" is already written in ${earlier.file}`,
          ...parsed.source.positionOf([commandPath]),
        })
        continue
      }
      order.push(commandPath)
      commands.set(commandPath, {
        file: shown(file),
        path: commandPath,
        prose,
        positionOf: (field) => parsed.source.positionOf([commandPath, ...field]),
      })
    }
    fileOrder.set(shown(file), order)
  }

  if (problems.length > 0 || !info || !flags) return { ok: false, problems }
  return {
    ok: true,
    value: {
      info: info.value,
      flags: flags.value,
      commands,
      fileOrder,
      infoFile: shown(infoFile),
      flagsFile: shown(flagsFile),
      commandsDir: shown(commandsDir),
      infoPositionOf: info.source.positionOf,
      flagsPositionOf: flags.source.positionOf,
    },
  }
}
