/**
 * `config.toml` samples of the guides may only use keys the CLI the docs describe (1.187) reads:
 * an unknown key is printed as "Unknown config fields" and ignored, so a guide showing one gives
 * the reader a setting that silently does nothing. The known keys come from the CLI's config
 * structs (content/reference/cli/cli-v1.187-config-keys.json).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseToml } from 'smol-toml'
import type { CodeSample, SampleFailure } from './samples'

export const CONFIG_KEYS_FILE = path.join(
  import.meta.dirname,
  '..',
  '..',
  'content',
  'reference',
  'cli',
  'cli-v1.187-config-keys.json',
)

interface ConfigKeysFile {
  keys: { key: string; type: string }[]
}

export interface ConfigKeySet {
  /** Whether `key` (dotted path, e.g. `auth.external.github.enabled`) is a key the CLI reads. */
  has(key: string): boolean
}

/**
 * In the list, `<name>` stands for a key the reader chooses (provider, bucket, function, email
 * template). A table with no listed children, such as `auth.sms.test_otp`, is a free-form map.
 */
export function configKeySet(entries: ConfigKeysFile['keys']): ConfigKeySet {
  const keys = entries.map((entry) => entry.key)
  const patterns = keys.map((key) => key.split('.'))
  const freeForm = entries
    .filter((entry) => entry.type === 'table' && !keys.some((other) => other.startsWith(`${entry.key}.`)))
    .map((entry) => entry.key)
  const matches = (pattern: string[], parts: string[]) =>
    pattern.length === parts.length && pattern.every((segment, i) => segment === '<name>' || segment === parts[i])
  return {
    has(key) {
      const parts = key.split('.')
      // A key, or a table on the way to one (`[auth.external.github]` leads to `....enabled`).
      if (patterns.some((pattern) => matches(pattern.slice(0, parts.length), parts))) return true
      // A child of a free-form map (any depth below it) is the reader's own data.
      return freeForm.some((table) => {
        const pattern = table.split('.')
        return parts.length > pattern.length && matches(pattern, parts.slice(0, pattern.length))
      })
    },
  }
}

let cached: ConfigKeySet | undefined

export function loadConfigKeySet(file = CONFIG_KEYS_FILE): ConfigKeySet {
  if (file === CONFIG_KEYS_FILE && cached) return cached
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as ConfigKeysFile
  const set = configKeySet(parsed.keys)
  if (file === CONFIG_KEYS_FILE) cached = set
  return set
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
}

/** Every key of a parsed TOML document as a dotted path, tables included, in document order. */
export function dottedKeys(document: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = []
  for (const [name, value] of Object.entries(document)) {
    const key = prefix === '' ? name : `${prefix}.${name}`
    out.push(key)
    if (isTable(value)) out.push(...dottedKeys(value, key))
    // An array of tables (`[[x]]`) has keys of its own under the same path.
    if (Array.isArray(value)) for (const item of value) if (isTable(item)) out.push(...dottedKeys(item, key))
  }
  return out
}

/** 0-based line of the sample where `key` is written: its table header or its `name =` line. */
function lineOf(code: string, key: string): number {
  const lines = code.split('\n')
  const header = lines.findIndex((line) => line.trim().replace(/\s/g, '') === `[${key}]`)
  if (header >= 0) return header
  const leaf = key.split('.').at(-1) ?? key
  const parent = key.split('.').slice(0, -1).join('.')
  let inParent = parent === ''
  for (const [index, line] of lines.entries()) {
    const table = /^\s*\[+([^\]]+)\]+\s*$/.exec(line)
    if (table) inParent = table[1]!.replace(/\s/g, '') === parent
    else if (inParent && new RegExp(`^\\s*"?${leaf.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?\\s*=`).test(line)) return index
  }
  return 0
}

/** One failure per unknown key; a sample that is not valid TOML is left to `checkToml`. */
export function checkConfigTomlKeys(sample: CodeSample, known: ConfigKeySet = loadConfigKeySet()): SampleFailure[] {
  let document: Record<string, unknown>
  try {
    document = parseToml(sample.code) as Record<string, unknown>
  } catch {
    return []
  }
  return dottedKeys(document)
    .filter((key) => !known.has(key))
    .map((key) => ({
      sample,
      line: sample.line + lineOf(sample.code, key),
      message: `config.toml key "${key}" does not exist in CLI 1.187 (see content/reference/cli/cli-v1.187-config-keys.json)`,
    }))
}

/** The guides' TOML blocks are all `supabase/config.toml`; other files are not checked. */
export function isGuideConfigToml(sample: CodeSample): boolean {
  return sample.file.includes('/content/guides/') && (sample.title === undefined || /(^|\/)config\.toml$/.test(sample.title))
}
