/**
 * The facts file of the CLI command tree (`content/reference/cli/cli-v1.187-facts.json`), read by
 * the CLI reference generator, the reference tests and the code-sample checks: names,
 * flags, defaults, accepted values, groups. It holds no prose. This module checks its shape so a
 * damaged file fails with the field named, and offers the few lookups the generator and the tests
 * share.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { parseAndValidate, SourceProblemsError, type SourceResult } from '@/lib/parse-structured'

export const FACT_GROUPS = ['quick-start', 'local-dev', 'management-api', 'other-commands'] as const
export type FactGroup = (typeof FACT_GROUPS)[number]

/** Flag types as the facts file spells them; the CLI spec uses the same names. */
const FactFlagTypeSchema = z.enum(['string', 'bool', 'int', 'uint', 'float', 'duration', 'strings', 'enum'])

export const FactFlagSchema = z.looseObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  shorthand: z.string().length(1).nullable(),
  type: FactFlagTypeSchema,
  default: z.string(),
  accepted: z.array(z.string().min(1)).min(1).nullable(),
  required: z.boolean(),
  /** local: defined here; persistent: defined here for the subcommands too; inherited: from a
   * parent; global: a root flag listed because this command requires it. Absent on global flags. */
  scope: z.enum(['local', 'persistent', 'inherited', 'global']).optional(),
  inheritedFrom: z.string().optional(),
  envVar: z.string().optional(),
  /** Free-text condition under which an optional flag becomes mandatory. */
  requiredWhen: z.string().optional(),
  conditionallyRequired: z.boolean().optional(),
  /** Values the CLI documents but does not check (e.g. the containers `start -x` can skip). */
  documentedValues: z.array(z.string().min(1)).optional(),
  filenameExtensions: z.array(z.string().min(1)).optional(),
  note: z.string().optional(),
})

export const FactCommandSchema = z.looseObject({
  /** Words after `supabase`: `db diff`. */
  path: z.string().regex(/^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*)*$/),
  group: z.enum(FACT_GROUPS),
  use: z.string().min(1),
  aliases: z.array(z.string()).default([]),
  runnable: z.boolean(),
  experimental: z.boolean(),
  flags: z.array(FactFlagSchema),
  persistentFlags: z.array(FactFlagSchema).default([]),
  subcommands: z.array(z.string()),
  mutuallyExclusive: z.array(z.array(z.string()).min(2)).default([]),
  conditionallyRequiredGlobalFlags: z
    .array(z.strictObject({ name: z.string(), when: z.string() }))
    .default([]),
  source: z.enum(['cli', 'cobra']),
})

export const CliFactsSchema = z
  .looseObject({
    version: z.string().min(1),
    source: z.string().min(1),
    counts: z.looseObject({ commands: z.number().int(), globalFlags: z.number().int() }),
    groups: z.record(z.enum(FACT_GROUPS), z.array(z.string())),
    experimentalCommands: z.array(z.string()),
    globalFlags: z.array(FactFlagSchema),
    commands: z.array(FactCommandSchema).min(1),
  })
  .superRefine((facts, ctx) => {
    // The declared counts catch a truncated file.
    if (facts.commands.length !== facts.counts.commands) {
      ctx.addIssue({
        code: 'custom',
        path: ['commands'],
        message: `holds ${facts.commands.length} commands but counts.commands says ${facts.counts.commands}`,
      })
    }
    if (facts.globalFlags.length !== facts.counts.globalFlags) {
      ctx.addIssue({
        code: 'custom',
        path: ['globalFlags'],
        message: `holds ${facts.globalFlags.length} flags but counts.globalFlags says ${facts.counts.globalFlags}`,
      })
    }
    const paths = new Set(facts.commands.map((command) => command.path))
    facts.commands.forEach((command, index) => {
      command.subcommands.forEach((sub, s) => {
        if (!paths.has(sub)) {
          ctx.addIssue({
            code: 'custom',
            path: ['commands', index, 'subcommands', s],
            message: `"${sub}" is not a command of the file`,
          })
        }
      })
    })
  })

export type FactFlag = z.infer<typeof FactFlagSchema>
export type FactCommand = z.infer<typeof FactCommandSchema>
export type CliFacts = z.infer<typeof CliFactsSchema>

export function parseCliFacts(text: string, file: string): SourceResult<CliFacts> {
  const result = parseAndValidate(CliFactsSchema, text, { file, format: 'json' })
  return result.ok ? { ok: true, value: result.value.value } : result
}

export function loadCliFacts(file: string, shownAs = file): CliFacts {
  const result = parseCliFacts(readFileSync(file, 'utf8'), shownAs)
  if (!result.ok) throw new SourceProblemsError('Invalid CLI facts file', result.problems)
  return result.value
}

/** `db diff` -> `supabase-db-diff`: the command id, section id and URL slug. */
export function commandId(path: string): string {
  return `supabase-${path.replaceAll(' ', '-')}`
}

/** `db diff` -> `supabase db diff`. */
export function commandTitle(path: string): string {
  return `supabase ${path}`
}

/** The top-level command a path belongs to: `db diff` -> `db`. */
export function topLevelOf(path: string): string {
  return path.split(' ')[0] ?? path
}

/** Every flag a command accepts besides the global ones: its own, persistent and inherited. */
export function flagsOf(command: FactCommand): FactFlag[] {
  return [...command.flags, ...command.persistentFlags]
}
