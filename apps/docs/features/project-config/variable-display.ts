import type { ProjectApi } from './platform-types'

export const VARIABLES = {
  url: {
    label: 'Project URL',
    placeholder: 'YOUR PROJECT URL',
  },
  anonKey: {
    label: 'Anon key',
    placeholder: 'YOUR ANON KEY',
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

export type VariableValue = { kind: 'value'; text: string } | { kind: 'unavailable' }

export function variableValue(variable: Variable, api: ProjectApi): VariableValue {
  if (variable === 'url') {
    return api.endpoint
      ? { kind: 'value', text: `${api.protocol}://${api.endpoint}` }
      : { kind: 'unavailable' }
  }
  return api.anonKey && !isKeyFromOlderVersion(api.anonKey)
    ? { kind: 'value', text: api.anonKey }
    : { kind: 'unavailable' }
}
