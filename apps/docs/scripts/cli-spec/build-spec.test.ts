import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { formatSourceProblem } from '@/lib/parse-structured'
import { renderCliReferenceFiles, SECTIONS_FILE_NAME, SPEC_FILE_NAME, slugify, usageOf } from './build-spec'
import { parseCliFacts, type FactCommand } from '@/features/cli-facts'
import { parse } from 'yaml'
import type { CliSpec, SectionTreeFile } from '@/features/reference'

const docsDir = path.resolve(import.meta.dirname, '..', '..')
const cliDir = path.join(docsDir, 'content', 'reference', 'cli')

// A miniature CLI: two groups' worth of commands, an inherited flag, an experimental command,
// an alias, mutually exclusive flags and an environment variable.
const flag = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  shorthand: null,
  type: 'bool',
  default: 'false',
  accepted: null,
  required: false,
  scope: 'local',
  ...extra,
})

function miniFacts() {
  const commands = [
    {
      path: 'db',
      group: 'local-dev',
      use: 'db',
      runnable: false,
      experimental: false,
      flags: [],
      persistentFlags: [flag('linked', { scope: 'persistent' })],
      subcommands: ['db diff', 'db push'],
      source: 'cli',
    },
    {
      path: 'db diff',
      group: 'local-dev',
      use: 'diff',
      runnable: true,
      experimental: false,
      flags: [
        flag('file', { shorthand: 'f', type: 'string', default: '' }),
        flag('password', { type: 'string', default: '', envVar: 'SUPABASE_DB_PASSWORD' }),
        flag('local', { default: 'true' }),
        flag('linked', { scope: 'inherited', inheritedFrom: 'db' }),
      ],
      mutuallyExclusive: [['local', 'linked']],
      subcommands: [],
      source: 'cli',
    },
    {
      path: 'db push',
      group: 'local-dev',
      use: 'push [name]',
      aliases: ['up'],
      runnable: true,
      experimental: true,
      flags: [
        flag('level', { type: 'enum', default: 'warning', accepted: ['warning', 'error'] }),
        flag('experimental', { scope: 'global', required: true }),
      ],
      subcommands: [],
      source: 'cli',
    },
    {
      path: 'help',
      group: 'other-commands',
      use: 'help [command]',
      runnable: true,
      experimental: false,
      flags: [],
      subcommands: [],
      source: 'cobra',
    },
  ]
  return {
    version: '1.0.0',
    source: 'test',
    counts: { commands: commands.length, globalFlags: 2 },
    groups: { 'quick-start': [], 'local-dev': ['db'], 'management-api': [], 'other-commands': ['help'] },
    experimentalCommands: ['db push'],
    globalFlags: [
      { ...flag('debug', { envVar: 'SUPABASE_DEBUG' }), scope: undefined },
      { ...flag('experimental'), scope: undefined },
    ],
    commands,
  }
}

const miniInfo = `title: CLI
description: The CLI.
source: https://example.com/cli
gettingStarted:
  title: Start
  sections:
    - id: introduction
      title: Introduction
groups:
  - id: quick-start
    title: Quick start
    description: Quick.
    commands: [help]
  - id: local-dev
    title: Local
    description: Local.
    commands: [db]
  - id: management-api
    title: API
    description: API.
    commands: [db]
  - id: other-commands
    title: Other
    description: Other.
    commands: [help]
`

const miniFlags = `global:
  debug: Print logs.
  experimental: Turn on experimental commands.
shared:
  linked: Use the linked project.
`

const miniDb = `db:
  summary: Database.
  description: Database commands.
db push:
  summary: Push.
  description: Pushes.
  flags:
    level: Level.
  examples:
    - name: Push it
      code: supabase db push --experimental
db diff:
  summary: Diff.
  description: Diffs.
  flags:
    file: File.
    password: Password.
    local: Local.
  examples:
    - name: Diff it
      code: supabase db diff
      response: "No schema changes found\\n\\n"
`

const miniHelp = `help:
  summary: Help.
  description: Helps.
  examples:
    - name: Ask
      code: supabase help db
`

const root = mkdtempSync(path.join(tmpdir(), 'cli-spec-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let fixtureCount = 0

/** Writes a content folder; `edit` may change any file before it is written. */
function writeFixture(edit: (files: Record<string, string>) => void = () => {}): string {
  const dir = path.join(root, `case-${fixtureCount++}`)
  const files: Record<string, string> = {
    'cli-v1.187-facts.json': JSON.stringify(miniFacts()),
    'prose/info.yaml': miniInfo,
    'prose/flags.yaml': miniFlags,
    'prose/commands/db.yaml': miniDb,
    'prose/commands/help.yaml': miniHelp,
  }
  edit(files)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

function generate(dir: string) {
  const result = renderCliReferenceFiles(dir, dir)
  if (!result.ok) return { problems: result.problems.map((problem) => formatSourceProblem(problem)) }
  return {
    spec: parse(result.value.specYaml) as CliSpec,
    sections: parse(result.value.sectionsYaml) as SectionTreeFile,
    problems: [] as string[],
  }
}

// The base fixture's info.yaml lists the groups wrongly on purpose (help as quick-start, db as
// management-api); `validFixture` below fixes them.
describe('renderCliReferenceFiles', () => {
  it('names the info file when groups list the wrong commands', () => {
    const { problems } = generate(writeFixture())
    expect(problems).toEqual([
      expect.stringContaining(
        'prose/info.yaml:13:5: groups[0].commands: must list each top-level command of the "quick-start" group once:  (not in this group: help)',
      ),
      expect.stringContaining(
        'prose/info.yaml:21:5: groups[2].commands: must list each top-level command of the "management-api" group once:  (not in this group: db)',
      ),
    ])
  })
})

/**
 * The facts in the fixture have two empty groups, which info.yaml cannot express (a group needs
 * one command). The content tests below therefore give those groups a command of their own.
 */
function validFixture(edit: (files: Record<string, string>) => void = () => {}): string {
  return writeFixture((files) => {
    const facts = miniFacts()
    const extra = (pathName: string, group: string): FactCommand =>
      ({
        path: pathName,
        group,
        use: pathName,
        aliases: [],
        runnable: false,
        experimental: false,
        flags: [],
        persistentFlags: [],
        subcommands: [],
        mutuallyExclusive: [],
        conditionallyRequiredGlobalFlags: [],
        source: 'cli',
      }) as FactCommand
    const commands = [...facts.commands, extra('boot', 'quick-start'), extra('orgs', 'management-api')]
    files['cli-v1.187-facts.json'] = JSON.stringify({
      ...facts,
      counts: { ...facts.counts, commands: commands.length },
      groups: { ...facts.groups, 'quick-start': ['boot'], 'management-api': ['orgs'] },
      commands,
    })
    files['prose/info.yaml'] = miniInfo
      .replace('description: Quick.\n    commands: [help]', 'description: Quick.\n    commands: [boot]')
      .replace('description: API.\n    commands: [db]', 'description: API.\n    commands: [orgs]')
    files['prose/commands/boot.yaml'] = 'boot:\n  summary: Boot.\n  description: Boots.\n'
    files['prose/commands/orgs.yaml'] = 'orgs:\n  summary: Orgs.\n  description: Orgs.\n'
    edit(files)
  })
}

describe('the generated spec', () => {
  const result = generate(validFixture())
  const spec = result.spec
  const command = (id: string) => spec?.commands.find((candidate) => candidate.id === id)

  it('builds without problems', () => {
    expect(result.problems).toEqual([])
  })

  it('names commands and sections supabase-<words>', () => {
    expect(spec?.commands.map((c) => c.id)).toEqual([
      'supabase-boot',
      'supabase-db',
      'supabase-db-push',
      'supabase-db-diff',
      'supabase-orgs',
      'supabase-help',
    ])
    expect(command('supabase-db-diff')?.title).toBe('supabase db diff')
  })

  it('orders subcommands as the prose file does and nests them in the menu', () => {
    expect(command('supabase-db')?.subcommands).toEqual(['supabase-db-push', 'supabase-db-diff'])
    const local = result.sections?.categories.find((category) => category.title === 'Local')
    expect(local?.sections).toEqual([
      {
        id: 'supabase-db',
        title: 'supabase db',
        kind: 'cli-command',
        items: [
          { id: 'supabase-db-push', title: 'supabase db push', kind: 'cli-command' },
          { id: 'supabase-db-diff', title: 'supabase db diff', kind: 'cli-command' },
        ],
      },
    ])
    expect(result.sections?.categories.map((category) => category.title)).toEqual([
      'Start',
      'Quick start',
      'Local',
      'API',
      'Other',
    ])
  })

  it('copies types, defaults, shorthands and accepted values from the facts', () => {
    const file = command('supabase-db-diff')?.flags.find((f) => f.id === 'file')
    expect(file).toMatchObject({ name: '--file', shorthand: '-f', type: 'string', default_value: '' })
    const level = command('supabase-db-push')?.flags.find((f) => f.id === 'level')
    expect(level?.accepted_values?.map((value) => value.name)).toEqual(['warning', 'error'])
    expect(level?.default_value).toBe('warning')
  })

  it('marks inherited and required global flags, and describes them from their origin', () => {
    const linked = command('supabase-db-diff')?.flags.find((f) => f.id === 'linked')
    expect(linked?.inherit).toBe(true)
    expect(linked?.description).toMatch(/^Use the linked project\./)
    const onParent = command('supabase-db')?.flags.find((f) => f.id === 'linked')
    expect(onParent?.inherit).toBeUndefined()
    const experimental = command('supabase-db-push')?.flags.find((f) => f.id === 'experimental')
    expect(experimental).toMatchObject({ inherit: true, required: true })
    expect(command('supabase-db-push')?.experimental).toBe(true)
    expect(command('supabase-db-diff')?.experimental).toBeUndefined()
  })

  it('adds the sentences the facts state: exclusions, environment variables, aliases', () => {
    const flags = command('supabase-db-diff')?.flags ?? []
    expect(flags.find((f) => f.id === 'local')?.description).toBe(
      'Local. Cannot be combined with `--linked`.',
    )
    expect(flags.find((f) => f.id === 'linked')?.description).toContain('Cannot be combined with `--local`.')
    expect(flags.find((f) => f.id === 'password')?.description).toBe(
      'Password. Also read from the `SUPABASE_DB_PASSWORD` environment variable.',
    )
    expect(command('supabase-db-push')?.description).toBe('Pushes.\n\nAlso available as `supabase db up`.')
    expect(spec?.flags[0]?.description).toBe(
      'Print logs. Also read from the `SUPABASE_DEBUG` environment variable.',
    )
  })

  it('writes usage lines as --help does', () => {
    expect(command('supabase-db')?.usage).toBe('supabase db [command]')
    expect(command('supabase-db-push')?.usage).toBe('supabase db push [name] [flags]')
    expect(command('supabase-help')?.usage).toBe('supabase help [command] [flags]')
  })

  it('trims trailing blank lines of example output', () => {
    expect(command('supabase-db-diff')?.examples?.[0]).toEqual({
      id: 'diff-it',
      name: 'Diff it',
      code: 'supabase db diff',
      response: 'No schema changes found',
    })
  })
})

describe('problems in the prose', () => {
  const problemsOf = (edit: (files: Record<string, string>) => void) => generate(validFixture(edit)).problems

  it('a command without prose names the file it belongs in', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/db.yaml'] = (files['prose/commands/db.yaml'] ?? '').replace(
        /db diff:[\s\S]*$/,
        '',
      )
    })
    expect(problems).toContain(
      'prose/commands/db.yaml: ["db diff"]: no prose for `supabase db diff` (every command of the CLI needs a summary and a description)',
    )
  })

  it('prose for a command the CLI does not have', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/db.yaml'] += 'db branch:\n  summary: Branch.\n  description: Branches.\n'
    })
    expect(problems).toContain(
      'prose/commands/db.yaml:23:1: ["db branch"]: the CLI has no command `supabase db branch` (see cli-v1.187-facts.json)',
    )
  })

  it('a command written in the wrong file', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/help.yaml'] = `${miniHelp}${files['prose/commands/orgs.yaml'] ?? ''}`
      delete files['prose/commands/orgs.yaml']
    })
    expect(problems).toContain(
      'prose/commands/help.yaml:7:1: orgs: `supabase orgs` belongs in prose/commands/orgs.yaml',
    )
  })

  it('the same command written twice', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/help.yaml'] = `${miniHelp}${files['prose/commands/orgs.yaml'] ?? ''}`
    })
    expect(problems).toEqual([
      'prose/commands/orgs.yaml:1:1: orgs: "orgs" is already written in prose/commands/help.yaml',
    ])
  })

  it('a flag description for a flag the command lacks, and a flag without any description', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/db.yaml'] = (files['prose/commands/db.yaml'] ?? '').replace(
        '    level: Level.',
        '    levle: Level.',
      )
    })
    expect(problems).toContain(
      'prose/commands/db.yaml:8:5: ["db push"].flags.levle: `supabase db push` has no flag --levle',
    )
    expect(problems.join('\n')).toContain('no description for --level')
  })

  it('a runnable command without examples', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/help.yaml'] = 'help:\n  summary: Help.\n  description: Helps.\n'
    })
    expect(problems.join('\n')).toContain('`supabase help` runs: give it at least one example')
  })

  it('a shared flag description no command uses', () => {
    const problems = problemsOf((files) => {
      files['prose/flags.yaml'] += '  token: A token.\n'
    })
    expect(problems.join('\n')).toContain('prose/flags.yaml:6:3: shared.token: --token is described here')
  })

  it('a missing global flag description', () => {
    const problems = problemsOf((files) => {
      files['prose/flags.yaml'] = (files['prose/flags.yaml'] ?? '').replace('  debug: Print logs.\n', '')
    })
    expect(problems.join('\n')).toContain('no description for the global flag --debug')
  })

  it('invalid YAML and schema errors name file, field and line', () => {
    const problems = problemsOf((files) => {
      files['prose/commands/help.yaml'] = 'help:\n  summary: Help.\n  description: ""\n  examples: []\n'
    })
    expect(problems).toContain('prose/commands/help.yaml:3:3: help.description: must not be empty')
  })

  it('a damaged facts file', () => {
    const problems = problemsOf((files) => {
      const facts = JSON.parse(files['cli-v1.187-facts.json'] ?? '{}')
      facts.commands[1].flags[0].type = 'text'
      files['cli-v1.187-facts.json'] = JSON.stringify(facts)
    })
    // The file is one line here: the column points at the key.
    expect(problems.join('\n')).toMatch(/cli-v1\.187-facts\.json:1:\d+: commands\[1\]\.flags\[0\]\.type:/)
  })
})

describe('helpers', () => {
  it('slugify makes example ids', () => {
    expect(slugify('Save the changes as a migration')).toBe('save-the-changes-as-a-migration')
    expect(slugify('  Debug: --inspect!  ')).toBe('debug-inspect')
  })

  it('usageOf follows the facts use line', () => {
    const facts = parseCliFacts(JSON.stringify(miniFacts()), 'facts.json')
    expect(facts.ok).toBe(true)
    if (!facts.ok) return
    expect(facts.value.commands.map(usageOf)).toEqual([
      'supabase db [command]',
      'supabase db diff [flags]',
      'supabase db push [name] [flags]',
      'supabase help [command] [flags]',
    ])
  })
})

describe('the committed CLI reference files', () => {
  it('are what the generator produces from the facts and the prose', () => {
    const result = renderCliReferenceFiles(cliDir, docsDir)
    if (!result.ok) throw new Error(result.problems.map((problem) => formatSourceProblem(problem)).join('\n'))
    // A mismatch means someone edited a generated file or forgot to regenerate:
    // run `npx tsx scripts/cli-spec/generate.ts` in apps/docs.
    expect(readFileSync(path.join(cliDir, SPEC_FILE_NAME), 'utf8')).toBe(result.value.specYaml)
    expect(readFileSync(path.join(cliDir, SECTIONS_FILE_NAME), 'utf8')).toBe(result.value.sectionsYaml)
  })
})
