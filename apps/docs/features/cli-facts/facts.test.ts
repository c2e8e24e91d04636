import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatSourceProblem, type SourceResult } from '@/lib/parse-structured'
import { parseCliFacts } from './facts'

const FILE = 'cli-v1.187-facts.json'
const facts = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', 'content', 'reference', 'cli', FILE), 'utf8'),
) as { counts: { commands: number }; commands: { subcommands: string[] }[] }

function messages<T>(result: SourceResult<T>): string[] {
  if (result.ok) throw new Error('expected the facts to be rejected')
  return result.problems.map((problem) => formatSourceProblem(problem))
}

/** 1-based line of the first line of `text` that starts with `prefix`. */
const lineOf = (text: string, prefix: string) =>
  text.split('\n').findIndex((line) => line.startsWith(prefix)) + 1

describe('parseCliFacts', () => {
  it('accepts the committed facts file', () => {
    expect(parseCliFacts(JSON.stringify(facts), FILE).ok).toBe(true)
  })

  it('rejects a file holding fewer commands than it declares (a truncated file)', () => {
    const text = JSON.stringify(
      { ...facts, counts: { ...facts.counts, commands: facts.counts.commands + 1 } },
      null,
      2,
    )
    expect(messages(parseCliFacts(text, FILE))).toEqual([
      `${FILE}:${lineOf(text, '  "commands":')}:3: commands: holds ${facts.commands.length} commands but counts.commands says ${facts.counts.commands + 1}`,
    ])
  })

  it('rejects a subcommand the file does not list, at the line and column of the entry', () => {
    const first = facts.commands[0]
    if (!first) throw new Error('the facts file has no commands')
    const commands = [
      { ...first, subcommands: [...first.subcommands, 'no such'] },
      ...facts.commands.slice(1),
    ]
    const text = JSON.stringify({ ...facts, commands }, null, 2)
    const lines = text.split('\n')
    const line = lines.findIndex((entry) => entry.includes('"no such"'))
    const column = (lines[line] ?? '').indexOf('"no such"') + 1
    expect(messages(parseCliFacts(text, FILE))).toEqual([
      `${FILE}:${line + 1}:${column}: commands[0].subcommands[${first.subcommands.length}]: "no such" is not a command of the file`,
    ])
  })

  it('names the line of a JSON syntax error', () => {
    expect(messages(parseCliFacts('{\n  "version": "1",\n  "source": "x",\n}', FILE))).toEqual([
      `${FILE}:4:1: not valid JSON: expected a property name in double quotes (is there a trailing comma?)`,
    ])
  })
})
