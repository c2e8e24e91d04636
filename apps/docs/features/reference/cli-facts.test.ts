/**
 * The CLI reference against the facts of the CLI 1.187.x command tree: every command and flag of
 * the facts file is on the page with the same type, default, accepted values, required mark and
 * shorthand, nothing is added, and the facts the pages must state appear in the right command.
 * Prints coverage figures.
 */
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  commandId,
  commandTitle,
  flagsOf,
  loadCliFacts,
  type CliFacts,
  type FactCommand,
  type FactFlag,
} from '@/features/cli-facts'
import { getLibrary } from './libraries'
import { loadReferenceFrom, referenceContentRoot, type LoadedReference } from './load-reference'
import { loadCliSpec } from './load-spec'
import type { CliCommand, CliFlag, CliSpec } from './schemas/cli-spec'

const cliDir = path.join(referenceContentRoot(), 'cli')

let facts: CliFacts
let spec: CliSpec
let reference: LoadedReference
let byId: Map<string, CliCommand>

beforeAll(async () => {
  facts = loadCliFacts(path.join(cliDir, 'cli-v1.187-facts.json'))
  spec = await loadCliSpec(path.join(cliDir, 'spec.yaml'))
  reference = await loadReferenceFrom(getLibrary('cli'), referenceContentRoot())
  byId = new Map(spec.commands.map((command) => [command.id, command]))
})

function specCommand(factPath: string): CliCommand {
  const command = byId.get(commandId(factPath))
  if (!command) throw new Error(`the spec has no command for \`${commandTitle(factPath)}\``)
  return command
}

/** Everything a reader sees for one command: prose, flags, accepted values and examples. */
function commandText(factPath: string): string {
  const command = specCommand(factPath)
  return [
    command.title,
    command.summary,
    command.description ?? '',
    command.usage,
    ...command.flags.flatMap((flag) => [
      flag.name,
      flag.description,
      flag.default_value,
      ...(flag.accepted_values ?? []).map((value) => value.name),
    ]),
    ...(command.examples ?? []).flatMap((example) => [example.name, example.code, example.response ?? '']),
  ].join('\n')
}

/** The differences between a fact flag and its spec flag, as readable strings. */
function flagDifferences(fact: FactFlag, flag: CliFlag | undefined): string[] {
  if (!flag) return ['missing']
  const differences: string[] = []
  const compare = (what: string, expected: unknown, actual: unknown) => {
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      differences.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
    }
  }
  compare('type', fact.type, flag.type)
  compare('default', fact.default, flag.default_value)
  compare(
    'accepted values',
    fact.accepted ?? [],
    (flag.accepted_values ?? []).map((value) => value.name),
  )
  compare('required', fact.required, flag.required ?? false)
  compare('shorthand', fact.shorthand === null ? undefined : `-${fact.shorthand}`, flag.shorthand)
  compare('inherit', fact.scope === 'inherited' || fact.scope === 'global', flag.inherit ?? false)
  if (flag.description.trim() === '') differences.push('description: empty')
  return differences
}

describe('the CLI spec matches the facts file', () => {
  it('has every command of the facts, and no other', () => {
    const expected = facts.commands.map((command) => commandId(command.path)).sort()
    expect(spec.commands.map((command) => command.id).sort()).toEqual(expected)
    expect(spec.info.version).toBe(facts.version)
  })

  it('gives every command its title, group, experimental mark and subcommands', () => {
    const problems: string[] = []
    for (const fact of facts.commands) {
      const command = specCommand(fact.path)
      if (command.title !== commandTitle(fact.path)) problems.push(`${fact.path}: title ${command.title}`)
      if (command.group !== fact.group)
        problems.push(`${fact.path}: group ${command.group}, expected ${fact.group}`)
      if ((command.experimental ?? false) !== fact.experimental)
        problems.push(`${fact.path}: experimental mark`)
      const subs = [...command.subcommands].sort()
      const expected = fact.subcommands.map(commandId).sort()
      if (JSON.stringify(subs) !== JSON.stringify(expected))
        problems.push(`${fact.path}: subcommands ${subs.join(', ')}`)
      for (const alias of fact.aliases) {
        if (
          !command.description?.includes(
            `\`${commandTitle([...fact.path.split(' ').slice(0, -1), alias].join(' '))}\``,
          )
        ) {
          problems.push(`${fact.path}: alias ${alias} not stated`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('lists every flag with the same type, default, accepted values, required mark and shorthand', () => {
    const problems: string[] = []
    for (const fact of facts.commands) {
      const command = specCommand(fact.path)
      for (const factFlag of flagsOf(fact)) {
        const flag = command.flags.find((candidate) => candidate.name === `--${factFlag.name}`)
        for (const difference of flagDifferences(factFlag, flag)) {
          problems.push(`${commandTitle(fact.path)} --${factFlag.name}: ${difference}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('has no flag the CLI does not have', () => {
    const extra: string[] = []
    for (const fact of facts.commands) {
      const names = new Set(flagsOf(fact).map((flag) => `--${flag.name}`))
      for (const flag of specCommand(fact.path).flags) {
        if (!names.has(flag.name)) extra.push(`${commandTitle(fact.path)} ${flag.name}`)
      }
    }
    expect(extra).toEqual([])
  })

  it('has the global flags of the facts, the same way', () => {
    expect(spec.flags.map((flag) => flag.name)).toEqual(facts.globalFlags.map((flag) => `--${flag.name}`))
    const problems = facts.globalFlags.flatMap((fact) =>
      flagDifferences(
        { ...fact, scope: undefined },
        spec.flags.find((flag) => flag.name === `--${fact.name}`),
      ).map((difference) => `--${fact.name}: ${difference}`),
    )
    expect(problems).toEqual([])
    for (const fact of facts.globalFlags.filter((flag) => flag.envVar)) {
      expect(spec.flags.find((flag) => flag.id === fact.name)?.description).toContain(`\`${fact.envVar}\``)
    }
  })

  it('shows every command once on the page, under the category of its group', () => {
    const groupTitle = new Map(spec.info.tags.map((tag) => [tag.id, tag.title]))
    const cliSections = reference.sections.filter((section) => section.kind === 'cli-command')
    expect(cliSections.map((section) => section.slug).sort()).toEqual(
      facts.commands.map((command) => commandId(command.path)).sort(),
    )
    for (const section of cliSections) {
      const command = byId.get(section.target)
      expect(section.category, section.slug).toBe(groupTitle.get(command?.group ?? ''))
    }
    expect(reference.tree.categories.map((category) => category.title)).toEqual([
      'Getting started',
      'Quick start',
      'Local development',
      'Management API',
      'Other commands',
    ])
  })
})

// ---------------------------------------------------------------------------------------------
// Examples

const GLOBAL_ALWAYS = ['help']

/** Shell segments of an example that run the CLI, with line continuations joined. */
function cliInvocations(code: string): string[] {
  return code
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .flatMap((line) => line.split(/\s*(?:\||&&|;)\s*/))
    .flatMap((segment) => {
      // The CLI may sit inside `$(...)`, `<(...)` or quotes, or after environment assignments.
      const match = /(?:^|[\s('"])((?:npx\s+)?supabase(?:\s.*)?)$/.exec(segment.trim())
      return match?.[1] ? [match[1].replace(/[)'"]+$/, '').trim()] : []
    })
}

/** The command a CLI invocation runs: the longest command path its words start with. */
function invokedCommand(segment: string, commands: readonly FactCommand[]): FactCommand | undefined {
  const words = segment.replace(/^(?:npx\s+)?supabase\s*/, '').split(/\s+/)
  let found: FactCommand | undefined
  for (const command of commands) {
    const parts = command.path.split(' ')
    if (parts.every((part, index) => words[index] === part)) {
      if (!found || parts.length > found.path.split(' ').length) found = command
    }
  }
  return found
}

describe('the examples', () => {
  it('exist for every runnable command', () => {
    const missing = facts.commands
      .filter((command) => command.runnable && (specCommand(command.path).examples ?? []).length === 0)
      .map((command) => command.path)
    expect(missing).toEqual([])
  })

  it('run the command they illustrate, with flags that command has', () => {
    const problems: string[] = []
    const globalNames = facts.globalFlags.map((flag) => flag.name)
    for (const fact of facts.commands) {
      for (const example of specCommand(fact.path).examples ?? []) {
        const invocations = cliInvocations(example.code)
        const own = invocations.filter(
          (segment) => invokedCommand(segment, facts.commands)?.path === fact.path,
        )
        if (own.length === 0)
          problems.push(`${fact.path} "${example.name}": does not run ${commandTitle(fact.path)}`)
        for (const segment of invocations) {
          const invoked = invokedCommand(segment, facts.commands)
          if (!invoked) {
            problems.push(`${fact.path} "${example.name}": unknown command in \`${segment}\``)
            continue
          }
          const flags = flagsOf(invoked)
          const names = new Set([...flags.map((flag) => flag.name), ...globalNames, ...GLOBAL_ALWAYS])
          const shorthands = new Set(
            [...flags, ...facts.globalFlags].flatMap((flag) => (flag.shorthand ? [flag.shorthand] : [])),
          )
          for (const [, name] of segment.matchAll(/(?:^|\s)--([a-z][a-z0-9-]*)/g)) {
            if (name && !names.has(name))
              problems.push(`${invoked.path} "${example.name}": no flag --${name}`)
          }
          for (const [, letter] of segment.matchAll(/(?:^|\s)-([a-zA-Z])(?=\s|$)/g)) {
            if (letter && !shorthands.has(letter))
              problems.push(`${invoked.path} "${example.name}": no flag -${letter}`)
          }
          const env = /SUPABASE_EXPERIMENTAL=true/.test(example.code)
          if (invoked.experimental && invoked.runnable && !env && !/--experimental\b/.test(segment)) {
            problems.push(
              `${invoked.path} "${example.name}": experimental command run without --experimental`,
            )
          }
          for (const required of flags.filter((flag) => flag.required && flag.scope !== 'global')) {
            const short = required.shorthand ? new RegExp(`(?:^|\\s)-${required.shorthand}\\s`) : null
            if (!segment.includes(`--${required.name}`) && !(short && short.test(segment))) {
              problems.push(`${invoked.path} "${example.name}": misses the required --${required.name}`)
            }
          }
        }
      }
    }
    expect(problems).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Facts the pages must state, each in the command it belongs to

describe('the facts the pages state', () => {
  const has = (factPath: string, ...needles: (string | RegExp)[]) => {
    const text = commandText(factPath)
    for (const needle of needles) {
      if (typeof needle === 'string') expect(text, `${factPath} should state "${needle}"`).toContain(needle)
      else expect(text, `${factPath} should state ${needle}`).toMatch(needle)
    }
  }
  const flagOf = (factPath: string, name: string) =>
    specCommand(factPath).flags.find((flag) => flag.name === `--${name}`)

  it('experimental commands require --experimental and say so', () => {
    const experimental = facts.commands.filter((command) => command.experimental)
    expect(experimental.length).toBeGreaterThan(20)
    for (const command of experimental) {
      has(command.path, '`--experimental`')
      if (command.runnable)
        expect(flagOf(command.path, 'experimental')).toMatchObject({ required: true, inherit: true })
    }
    // Most of them manage hosted projects.
    const management = experimental.filter((command) => command.group === 'management-api')
    expect(management.length / experimental.length).toBeGreaterThan(0.8)
  })

  it('sso add requires --type, whose only value is saml', () => {
    expect(flagOf('sso add', 'type')).toMatchObject({ required: true, shorthand: '-t' })
    expect(flagOf('sso add', 'type')?.accepted_values?.map((value) => value.name)).toEqual(['saml'])
    has('sso add', /`--type` is required and its only accepted\s+value is `saml`/)
  })

  it('migration repair requires --status and says what applied and reverted do', () => {
    expect(flagOf('migration repair', 'status')?.required).toBe(true)
    expect(flagOf('migration repair', 'status')?.accepted_values?.map((value) => value.name)).toEqual([
      'applied',
      'reverted',
    ])
    has('migration repair', /`applied` inserts a history row/, /`reverted` deletes the history row/)
  })

  it('migration files are named <timestamp>_<name>.sql', () => {
    for (const command of ['migration', 'migration new', 'db diff']) has(command, /<timestamp>_<name>\.sql/)
  })

  it('the custom-domain flow: create, reverify, activate; activation moves auth providers off the default subdomain', () => {
    has('domains', /`domains create[\s\S]*`domains reverify`[\s\S]*`domains activate`/)
    has(
      'domains activate',
      /auth\s+providers \(OAuth, SAML\) stop working on the default `<project-ref>\.basebox\.co`\s+subdomain/,
    )
    has('domains', /OAuth and SAML providers work only on\s+the custom domain, not on the default/)
  })

  it('the vanity-subdomain flow: check availability, activate, delete (back to the project ref)', () => {
    has(
      'vanity-subdomains',
      /`check-availability`[\s\S]*`activate`[\s\S]*`delete`[\s\S]*reverts the project to its reference ID subdomain/,
    )
    has('vanity-subdomains delete', /reverts to its reference ID\s+subdomain, `<project-ref>\.basebox\.co`/)
  })

  it('preview branches: created with name, Git branch and region, updated (name, Git branch, reset-on-push), disabled', () => {
    has('branches', /`branches create` makes a branch with a name, the Git branch it follows and\s+a region/)
    has(
      'branches',
      /`branches update` changes its name, Git branch or reset-on-push setting/,
      '`branches disable`',
    )
    has('branches create', '--region', /named after the argument/, /`GITHUB_HEAD_REF`/)
    has('branches update', '--name', '--git-branch', '--reset-on-push')
    has('branches disable', /Disables branching/)
  })

  it('projects create without a terminal: one name and all of --org-id, --db-password and --region', () => {
    const fact = facts.commands.find((command) => command.path === 'projects create')!
    const conditional = flagsOf(fact).filter((flag) => flag.conditionallyRequired)
    expect(conditional.map((flag) => flag.name).sort()).toEqual(['db-password', 'org-id', 'region'])
    for (const flag of conditional) {
      expect(flag.requiredWhen).toMatch(/stdin is not a terminal/)
      expect(flagOf('projects create', flag.name)?.description, flag.name).toMatch(
        /Required when stdin is not a terminal/,
      )
    }
    has(
      'projects create',
      /where stdin is not\s+a terminal[\s\S]*exactly one project name[\s\S]*all three\s+of `--org-id`, `--db-password` and `--region`/,
      /`SUPABASE_DB_PASSWORD` does not count as\s+`--db-password`/,
    )
    // The generated flag text must not claim the variable replaces the flag.
    const password = flagOf('projects create', 'db-password')?.description ?? ''
    expect(password).not.toMatch(/Also read from the `SUPABASE_DB_PASSWORD`/)
    expect(password).toContain('Setting `SUPABASE_DB_PASSWORD` does not count as passing this flag.')
    // Every example that names no project must be the interactive one.
    for (const example of specCommand('projects create').examples ?? []) {
      if (/--org-id/.test(example.code))
        expect(example.code, example.name).toMatch(
          /--db-password[\s\S]*--region|--region[\s\S]*--db-password/,
        )
    }
  })

  it('gen types: --schema defaults to public plus [api] schemas; --linked asks for the password', () => {
    expect(flagOf('gen types', 'schema')?.default_value).toBe('[]')
    expect(flagOf('gen types', 'schema')?.description).toMatch(
      /Defaults to `public` plus\s+the `\[api\] schemas` of `supabase\/config\.toml`/,
    )
    has('gen types', /`public` plus the schemas listed under `\[api\] schemas`/)
    has(
      'gen types',
      /`--linked` still asks for the linked project's database password[\s\S]*unless `SUPABASE_DB_PASSWORD` is set or the password is in your\s+keyring/,
    )
    expect(commandText('gen types')).not.toMatch(
      /`--linked` go(es)? through the Management API and need(s)? no\s+database password/,
    )
    const linked = (specCommand('gen types').examples ?? []).find((example) => /--linked/.test(example.code))
    expect(linked?.response).toMatch(/^Enter your database password:/m)
  })

  it('storage cp never overwrites an object: uploads go without x-upsert', () => {
    has('storage cp', /sent without `x-upsert`/, /already exists/, '`storage rm`')
    expect(commandText('storage cp')).not.toMatch(
      /are overwritten\.\s*$|objects at the\s+destination are overwritten/m,
    )
    expect(commandText('storage cp')).not.toMatch(/between two remote paths/)
  })

  it('branches create and gen keys need no Git repository', () => {
    for (const command of ['branches create', 'gen keys']) {
      const needs = /\*\*Needs:\*\*([\s\S]*)$/.exec(specCommand(command).description ?? '')?.[1] ?? ''
      expect(needs, command).not.toMatch(/Git repository/)
    }
    has('branches create', /No Git repository is needed/)
    const outside = (specCommand('branches create').examples ?? []).find((example) =>
      /not a Git repository/.test(example.name),
    )
    expect(outside?.code).toMatch(/^supabase branches create [a-z0-9-]+ --experimental$/)
    has('gen keys', /`main` outside a Git\s+repository/)
  })

  it('stop keeps the data volumes unless --no-backup', () => {
    has('stop', /data volumes[\s\S]*are kept/, /Pass `--no-backup` to delete the volumes/)
  })

  it('the local stack needs at least 7 GB of RAM', () => {
    has('start', /at least 7 GB of RAM[^.]*\(recommended\)/)
  })

  it('the edge-runtime inspector port defaults to 8083', () => {
    has('functions serve', /`inspector_port`[\s\S]*defaults to 8083/)
  })

  it('start -x lists the containers it can exclude', () => {
    const containers = [
      'gotrue',
      'realtime',
      'storage-api',
      'imgproxy',
      'kong',
      'inbucket',
      'postgrest',
      'postgres-meta',
      'studio',
      'edge-runtime',
      'logflare',
      'vector',
      'supavisor',
    ]
    const exclude = flagOf('start', 'exclude')
    expect(exclude?.shorthand).toBe('-x')
    for (const container of containers) expect(exclude?.description).toContain(`\`${container}\``)
  })

  it('inspect thresholds: unused indexes, long-running queries, page size', () => {
    has('inspect db unused-indexes', /fewer than 50 times that are bigger than 5 pages/)
    has('inspect db long-running-queries', /longer than 5 minutes/)
    has('inspect db index-sizes', /page size of 8192 bytes/)
    has('inspect db total-index-size', /page size of 8192 bytes/)
  })

  it('connection strings must be percent-encoded, wherever --db-url is', () => {
    const withDbUrl = facts.commands.filter((command) =>
      flagsOf(command).some((flag) => flag.name === 'db-url'),
    )
    expect(withDbUrl.length).toBeGreaterThan(25)
    for (const command of withDbUrl)
      expect(flagOf(command.path, 'db-url')?.description).toMatch(/must be\s+percent-encoded/)
  })

  it('secrets are written NAME=VALUE', () => {
    has('secrets', 'They are written `NAME=VALUE`')
    has('secrets set', '`NAME=VALUE` arguments')
  })

  it('the 14 project regions and the 32 branch region codes', () => {
    const projectRegions = flagOf('projects create', 'region')?.accepted_values ?? []
    const branchRegions = flagOf('branches create', 'region')?.accepted_values ?? []
    expect(projectRegions).toHaveLength(14)
    expect(branchRegions).toHaveLength(32)
    has('projects create', /14 codes listed under `--region`/, 'eu-central-1', 'ap-southeast-2')
    has('branches create', /one of 32\s+short region codes/, 'fra', 'sin')
  })

  it('storage cp defaults: cache-control max-age=3600 and 1 parallel job', () => {
    expect(flagOf('storage cp', 'cache-control')?.default_value).toBe('max-age=3600')
    expect(flagOf('storage cp', 'jobs')).toMatchObject({ default_value: '1', shorthand: '-j', type: 'uint' })
    has('storage cp', /cache-control header `max-age=3600`/, /how many files transfer at once/)
  })

  it('output formats per command', () => {
    const formats: [string, string[]][] = [
      ['status', ['env', 'pretty', 'json', 'toml', 'yaml']],
      ['gen keys', ['env', 'json', 'toml', 'yaml']],
      ['sso', ['pretty', 'json', 'toml', 'yaml']],
    ]
    for (const [command, values] of formats) {
      expect(flagOf(command, 'output')?.accepted_values?.map((value) => value.name)).toEqual(values)
      const description = specCommand(command).description ?? ''
      for (const value of values) expect(description, `${command} names ${value}`).toContain(`\`${value}\``)
    }
  })

  it('personal access tokens come from supabase login or SUPABASE_ACCESS_TOKEN', () => {
    has('login', /Personal access tokens come from `supabase login` or from the `SUPABASE_ACCESS_TOKEN`/)
  })

  it('shows the outputs the issue names', () => {
    has('status', 'supabase local development setup is running.', 'API URL: http://127.0.0.1:54321')
    has('db diff', /^No schema changes found$/m)
    const failing = (specCommand('start').examples ?? []).find((example) =>
      example.response?.includes('service not healthy'),
    )
    expect(failing?.response).toMatch(/service not healthy: \[supabase_storage_my-app\]/)
    expect(failing?.response).toMatch(/exit status: 1$/)
    has('start', /prints `service not healthy`[\s\S]*exits with status 1/)
  })

  it('each runnable command says what it touches and what it needs', () => {
    const missing = facts.commands
      .filter((command) => command.runnable)
      .filter(
        (command) =>
          !/\*\*Touches:\*\*[\s\S]*\*\*Needs:\*\*/.test(specCommand(command.path).description ?? ''),
      )
      .map((command) => command.path)
    expect(missing).toEqual([])
  })

  it('hosted-project commands name the login they need', () => {
    const local = new Set(['functions new', 'functions serve'])
    const hosted = facts.commands.filter(
      (command) => command.group === 'management-api' && command.runnable && !local.has(command.path),
    )
    for (const command of hosted) {
      expect(specCommand(command.path).description, command.path).toMatch(
        /\*\*Needs:\*\*[\s\S]*`supabase login`/,
      )
    }
  })
})

// ---------------------------------------------------------------------------------------------

describe('links inside the CLI reference', () => {
  it('point at sections that exist', () => {
    const slugs = new Set(reference.sections.map((section) => section.slug))
    const texts = [
      ...spec.commands.map((command) => [command.id, command.description ?? ''] as const),
      ...reference.sections.flatMap((section) =>
        section.content.kind === 'markdown' ? [[section.slug, section.content.source] as const] : [],
      ),
    ]
    const broken: string[] = []
    for (const [where, text] of texts) {
      for (const [, slug] of text.matchAll(/\]\(\/reference\/cli\/([^)#\s]+)\)/g)) {
        if (slug && !slugs.has(slug)) broken.push(`${where} -> ${slug}`)
      }
    }
    expect(broken).toEqual([])
  })
})

describe('coverage', () => {
  it('prints how much of the facts the reference covers', () => {
    const factFlags = facts.commands.flatMap((command) => flagsOf(command).map((flag) => ({ command, flag })))
    const matchedFlags = factFlags.filter(
      ({ command, flag }) =>
        flagDifferences(
          flag,
          specCommand(command.path).flags.find((candidate) => candidate.name === `--${flag.name}`),
        ).length === 0,
    )
    const runnable = facts.commands.filter((command) => command.runnable)
    const examples = spec.commands.flatMap((command) => command.examples ?? [])
    const figures = {
      commands: `${facts.commands.filter((command) => byId.has(commandId(command.path))).length}/${facts.commands.length}`,
      'command flags (incl. persistent)': `${matchedFlags.length}/${factFlags.length}`,
      'global flags': `${spec.flags.length}/${facts.globalFlags.length}`,
      'runnable commands with examples': `${runnable.filter((command) => (specCommand(command.path).examples ?? []).length > 0).length}/${runnable.length}`,
      examples: examples.length,
      'examples with output': examples.filter((example) => example.response !== undefined).length,
      'commands with a description': `${spec.commands.filter((command) => (command.description ?? '').length > 0).length}/${spec.commands.length}`,
      'experimental commands marked': `${spec.commands.filter((command) => command.experimental).length}/${facts.commands.filter((command) => command.experimental).length}`,
      'accepted values listed': spec.commands.reduce(
        (sum, command) => sum + command.flags.reduce((n, flag) => n + (flag.accepted_values?.length ?? 0), 0),
        0,
      ),
    }
    console.log(
      `CLI reference coverage against the facts of CLI ${facts.version}:\n` +
        Object.entries(figures)
          .map(([name, value]) => `  ${name.padEnd(34)} ${value}`)
          .join('\n'),
    )
    expect(matchedFlags.length).toBe(factFlags.length)
    expect(figures.commands).toBe(`${facts.commands.length}/${facts.commands.length}`)
  })
})
