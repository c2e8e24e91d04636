import { describe, expect, it } from 'vitest'
import { parseCliSpec } from '../load-spec'
import { formatProblem, type SpecResult } from '../spec-problems'
import { CliSpecSchema } from './cli-spec'

const FILE = 'cli/spec.yaml'

function messages<T>(result: SpecResult<T>): string[] {
  if (result.ok) throw new Error('expected the spec to be rejected')
  return result.problems.map(formatProblem)
}

const spec = (commands: string, globalFlags = '') => `info:
  id: cli
  version: 1.0.0
  title: CLI
  language: sh
  source: https://example.com/cli
flags:
  - { id: debug, name: --debug, description: Logs., default_value: '' }
${globalFlags}commands:
${commands}`

const command = (id: string, extra = '') => `  - id: ${id}
    title: supabase ${id}
    summary: Does ${id}.
    usage: supabase ${id}
${extra}`

describe('CliSpecSchema rules between fields', () => {
  it('accepts a command tree whose references resolve', () => {
    const result = parseCliSpec(
      spec(command('db', '    subcommands: [db-push]\n') + command('db-push')),
      FILE,
    )
    expect(result.ok).toBe(true)
  })

  it('rejects a command listed as its own subcommand', () => {
    expect(messages(parseCliSpec(spec(command('db', '    subcommands: [db]\n')), FILE))).toEqual([
      `${FILE}:14:19: commands[0].subcommands[0]: a command cannot be its own subcommand`,
    ])
  })

  it('rejects a global flag id used twice', () => {
    const twice = `  - { id: debug, name: --verbose, description: Logs., default_value: '' }\n`
    expect(messages(parseCliSpec(spec(command('db'), twice), FILE))).toEqual([
      `${FILE}:9:7: flags[1].id: duplicate flag id "debug" (first used at index 0)`,
    ])
  })

  it('rejects a flag id, a flag name or an example id used twice in one command', () => {
    const flags = `    flags:
      - { id: linked, name: --linked, description: A., default_value: '' }
      - { id: linked, name: --linked, description: B., default_value: '' }
    examples:
      - { id: basic, name: Basic, code: supabase db }
      - { id: basic, name: Again, code: supabase db }
`
    expect(messages(parseCliSpec(spec(command('db', flags)), FILE))).toEqual([
      `${FILE}:16:11: commands[0].flags[1].id: duplicate flag id "linked" (first used at index 0)`,
      `${FILE}:16:23: commands[0].flags[1].name: duplicate flag name "--linked" (first used at index 0)`,
      `${FILE}:19:11: commands[0].examples[1].id: duplicate example id "basic" (first used at index 0)`,
    ])
  })

  it('checks a global flag default against its accepted values too', () => {
    const output = `  - id: output
    name: --output
    description: Output format.
    default_value: xml
    accepted_values:
      - { id: json, name: json, type: string }
`
    expect(messages(parseCliSpec(spec(command('db'), output), FILE))).toEqual([
      `${FILE}:12:5: flags[1].default_value: "xml" is not one of accepted_values (json)`,
    ])
  })

  it('does not run the rules on a spec whose shape is already wrong', () => {
    const result = CliSpecSchema.safeParse({ info: {}, commands: [{ id: 'db', subcommands: ['db'] }] })
    expect(result.success).toBe(false)
    const messagesFound = result.error?.issues.map((issue) => issue.message) ?? []
    expect(messagesFound).not.toContain('a command cannot be its own subcommand')
  })
})
