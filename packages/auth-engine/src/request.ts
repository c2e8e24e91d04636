/**
 * Reading a request as GoTrue does: its JSON body into typed parameters (encoding/json's rules
 * and messages, `retrieveRequestParams` in internal/api/helpers.go) and the caller's address.
 */
import { badRequest } from './errors'

type Json = Record<string, unknown>

/** The parsed JSON body; an empty or broken body is GoTrue's `bad_json`. */
export async function readJsonBody(request: Request): Promise<Json> {
  const text = await request.text()
  return parseJsonBody(text)
}

export function parseJsonBody(text: string): Json {
  if (text.trim() === '') throw badJson('unexpected end of JSON input')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badJson(`invalid character in JSON body`)
  }
  if (value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badJson(`json: cannot unmarshal ${jsonKind(value)} into Go value of type api.params`)
  }
  return value as Json
}

const badJson = (detail: string) => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`)

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  if (typeof value === 'boolean') return 'bool'
  return typeof value
}

/** Typed access to a body's fields; a field of the wrong JSON type fails as encoding/json does. */
export class Params {
  constructor(
    private readonly body: Json,
    private readonly structName: string,
  ) {}

  private typed<T>(field: string, goType: string, check: (value: unknown) => value is T): T | undefined {
    const value = this.body[field]
    if (value === undefined || value === null) return undefined
    if (!check(value)) {
      throw badJson(
        `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${this.structName}.${field} of type ${goType}`,
      )
    }
    return value
  }

  string(field: string): string {
    return this.typed(field, 'string', (v): v is string => typeof v === 'string') ?? ''
  }

  /** A `*string`: absent and null stay undefined. */
  optionalString(field: string): string | undefined {
    return this.typed(field, 'string', (v): v is string => typeof v === 'string')
  }

  bool(field: string, fallback = false): boolean {
    return this.typed(field, 'bool', (v): v is boolean => typeof v === 'boolean') ?? fallback
  }

  object(field: string): Json | undefined {
    return this.typed(
      field,
      'map[string]interface {}',
      (v): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v),
    )
  }

  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null
  }
}

/** `GetIPAddress`: the first valid X-Forwarded-For address, else the loopback a local caller has. */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')
  if (forwarded) {
    for (const part of forwarded.split(',')) {
      const ip = part.trim()
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip) || /^[0-9a-f:]+$/i.test(ip)) return ip
    }
  }
  return '127.0.0.1'
}
