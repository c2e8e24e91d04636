import { spawnSync } from 'node:child_process'
import { parse as parseToml } from 'smol-toml'
import { parseDocument } from 'yaml'
import type { CodeSample, SampleFailure } from './samples'

export function checkJson(sample: CodeSample): SampleFailure | undefined {
  try {
    JSON.parse(sample.code)
    return undefined
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const line = position ? sample.code.slice(0, Number(position[1])).split('\n').length - 1 : 0
    return { sample, line: sample.line + line, message: `invalid JSON: ${message}` }
  }
}

export function checkYaml(sample: CodeSample): SampleFailure | undefined {
  const document = parseDocument(sample.code)
  const error = document.errors[0]
  if (!error) return undefined
  return { sample, line: sample.line + (error.linePos?.[0].line ?? 1) - 1, message: `invalid YAML: ${error.message.split('\n')[0]}` }
}

export function checkToml(sample: CodeSample): SampleFailure | undefined {
  try {
    parseToml(sample.code)
    return undefined
  } catch (error) {
    const err = error as Error & { line?: number }
    return { sample, line: sample.line + (err.line ?? 1) - 1, message: `invalid TOML: ${err.message.split('\n')[0]}` }
  }
}

/** Shell samples must at least be valid bash: `bash -n` reads without running anything. */
export function checkShell(sample: CodeSample): SampleFailure | undefined {
  const result = spawnSync('bash', ['-n'], { input: sample.code, encoding: 'utf8' })
  if (result.status === 0) return undefined
  const detail = result.stderr.trim().split('\n')[0] ?? 'syntax error'
  const line = /line (\d+)/.exec(detail)
  return {
    sample,
    line: sample.line + (line ? Number(line[1]) - 1 : 0),
    message: `bash -n: ${detail.replace(/^bash: (line \d+: )?/, '')}`,
  }
}
