/**
 * Every `supabase` command the platform and auth guides tell readers to run must exist in CLI
 * 1.187 as written: the command path, each flag, each listed flag value, and `--experimental`
 * on the commands that refuse to run without it. Facts come from the CLI's own source
 * (content/reference/cli/cli-v1.187-facts.json).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromMdx } from '@/features/code-samples'
import { languageOf } from '@/features/code-samples'
import { docsRoot } from '@/lib/repo-paths'
import { listGuides } from './guides'

interface FlagFact {
  name: string
  shorthand: string | null
  type: string
  accepted: string[] | null
}

interface CommandFact {
  path: string
  runnable: boolean
  experimental: boolean
  flags: FlagFact[]
}

interface CliFacts {
  globalFlags: FlagFact[]
  commands: CommandFact[]
}

const facts = JSON.parse(
  readFileSync(path.join(docsRoot(), 'content/reference/cli/cli-v1.187-facts.json'), 'utf8'),
) as CliFacts
const commandsByPath = new Map(facts.commands.map((command) => [command.path, command]))

/** Splits one shell command into words, honouring single and double quotes. */
function shellWords(line: string): string[] {
  const words: string[] = []
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g
  for (const match of line.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3] ?? '')
  return words
}

interface CliLine {
  file: string
  line: number
  words: string[]
}

/** The `supabase@1.187 ...` invocations of shell blocks, continuation lines joined. */
function cliLines(sectionPrefix: string): CliLine[] {
  const found: CliLine[] = []
  for (const guide of listGuides().filter((g) => g.href.startsWith(sectionPrefix))) {
    const shell = extractFromMdx(guide.file, guide.body).filter((s) => languageOf(s.lang) === 'shell')
    for (const sample of shell) {
      const lines = sample.code.split('\n')
      for (let i = 0; i < lines.length; i++) {
        let text = lines[i]!
        const start = i
        while (text.endsWith('\\') && i + 1 < lines.length) text = text.slice(0, -1) + ' ' + lines[++i]
        const command = text.replace(/\s#.*$/, '').trim()
        const at = command.indexOf('supabase@1.187 ')
        if (at < 0 || command.startsWith('#')) continue
        found.push({
          file: guide.file,
          line: sample.line + start,
          words: shellWords(command.slice(at + 'supabase@1.187 '.length)),
        })
      }
    }
  }
  return found
}

/** What is wrong with one command line, as readable sentences; empty when it is valid. */
function problemsOf(words: string[]): string[] {
  const positional = words.filter((w) => !w.startsWith('-'))
  let command: CommandFact | undefined
  for (let length = Math.min(positional.length, 3); length > 0 && !command; length--) {
    command = commandsByPath.get(positional.slice(0, length).join(' '))
  }
  if (!command) return [`no command "${positional.slice(0, 2).join(' ')}" in CLI 1.187`]
  // A group such as `domains` only lists its subcommands; a word after it is a typo.
  if (!command.runnable) return [`no command "${positional.slice(0, 2).join(' ')}" in CLI 1.187`]

  const problems: string[] = []
  const known = [...command.flags, ...facts.globalFlags]
  const flagWords = words.map((word, index) => ({ word, index })).filter(({ word }) => word.startsWith('-'))
  for (const { word, index } of flagWords) {
    const [spelled, inlineValue] = word.split(/=(.*)/s, 2) as [string, string | undefined]
    const flag = spelled.startsWith('--')
      ? known.find((f) => f.name === spelled.slice(2))
      : known.find((f) => f.shorthand === spelled.slice(1))
    if (!flag) {
      problems.push(`${command.path}: no flag ${spelled}`)
      continue
    }
    if (flag.type === 'bool') {
      if (inlineValue !== undefined && !['true', 'false'].includes(inlineValue)) {
        problems.push(`${command.path}: ${spelled} takes true or false, not ${inlineValue}`)
      }
      continue
    }
    const value = inlineValue ?? words[index + 1]
    if (value === undefined || (inlineValue === undefined && value.startsWith('-'))) {
      problems.push(`${command.path}: ${spelled} needs a value`)
    } else if (flag.accepted && !value.startsWith('$') && !flag.accepted.includes(value)) {
      problems.push(`${command.path}: ${spelled} does not accept ${value}`)
    }
  }
  if (command.experimental && !words.includes('--experimental')) {
    problems.push(`${command.path} runs only with --experimental`)
  }
  return problems
}

describe('the command check itself', () => {
  it('accepts a valid line and names each kind of mistake', () => {
    expect(problemsOf(shellWords('branches create feat --region fra --experimental'))).toEqual([])
    expect(problemsOf(shellWords('branches create feat --region mars --experimental'))).toEqual([
      'branches create: --region does not accept mars',
    ])
    expect(problemsOf(shellWords('branches create feat --git-branch x --experimental'))).toEqual([
      'branches create: no flag --git-branch',
    ])
    expect(problemsOf(shellWords('network-bans get'))).toEqual([
      'network-bans get runs only with --experimental',
    ])
    expect(problemsOf(shellWords('domains enable'))).toEqual(['no command "domains enable" in CLI 1.187'])
    expect(problemsOf(shellWords('branches update id --reset-on-push=maybe --experimental'))).toEqual([
      'branches update: --reset-on-push takes true or false, not maybe',
    ])
    expect(problemsOf(shellWords('teleport now'))).toEqual(['no command "teleport now" in CLI 1.187'])
  })
})

it('finds the commands of the platform guides', () => {
  expect(cliLines('/guides/platform').length).toBeGreaterThan(40)
})

describe.each(['/guides/platform', '/guides/auth'])('supabase commands in %s', (section) => {
  const lines = cliLines(section)

  it('names only commands, flags and values CLI 1.187 has', () => {
    const problems = lines.flatMap(({ file, line, words }) =>
      problemsOf(words).map((problem) => `${file}:${line}: ${problem}`),
    )
    expect(problems).toEqual([])
  })
})
