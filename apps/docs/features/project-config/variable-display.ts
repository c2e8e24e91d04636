import type { ProjectApi } from './platform-types'

/**
 * The placeholders are the words the guides' code samples use (`.env.local` files, `createClient`
 * calls), so the widget and the sample beside it name a value the same way, and the widget can
 * put the reader's own value where a sample has the placeholder.
 */
export const VARIABLES = {
  url: {
    label: 'Project URL',
    placeholder: 'https://<project-ref>.basebox.co',
  },
  anonKey: {
    label: 'Anon key',
    placeholder: '<your-anon-key>',
  },
} as const

/** The values the widget can show. The service_role key is deliberately not one of them. */
export type Variable = keyof typeof VARIABLES

export function isVariable(value: unknown): value is Variable {
  return value === 'url' || value === 'anonKey'
}

/** MDX is not type-checked: a wrong `variable` fails the build with the reason. */
export function assertVariable(value: unknown): asserts value is Variable {
  if (!isVariable(value)) {
    throw new Error(
      `<ProjectConfigVariables variable="${String(value)}">: variable must be "url" or "anonKey"`,
    )
  }
}

/** Projects from an older platform version answer with a sentence instead of a key. */
export function isKeyFromOlderVersion(key: string): boolean {
  return /older version/i.test(key)
}

/** Why a value cannot be shown: the reader is told, next to the dashboard link. */
export type UnavailableReason = 'older-key-format' | 'no-key' | 'no-endpoint'

export type VariableValue =
  { kind: 'value'; text: string } | { kind: 'unavailable'; reason: UnavailableReason }

export function variableValue(variable: Variable, api: ProjectApi): VariableValue {
  if (variable === 'url') {
    return api.endpoint
      ? { kind: 'value', text: `${api.protocol}://${api.endpoint}` }
      : { kind: 'unavailable', reason: 'no-endpoint' }
  }
  if (!api.anonKey) return { kind: 'unavailable', reason: 'no-key' }
  return isKeyFromOlderVersion(api.anonKey)
    ? { kind: 'unavailable', reason: 'older-key-format' }
    : { kind: 'value', text: api.anonKey }
}

/** The sentence before "Copy it from the dashboard." */
export const UNAVAILABLE_REASONS: Record<UnavailableReason, string> = {
  'older-key-format': 'This project was created with an older key format, which the docs cannot display.',
  'no-key': 'The platform did not return an anon key for this project.',
  'no-endpoint': 'The platform did not return an API URL for this project.',
}
