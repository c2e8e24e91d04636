/** What every endpoint gets: the settings, the database (inside the request's transaction), the request. */
import type { AuthConfig } from './config'
import type { SqlRunner } from './db'
import type { Inbox, InboxMessage } from './mail'
import type { GrantParams } from './tokens'
import { clientIp } from './request'

export interface Context {
  config: AuthConfig
  db: SqlRunner
  request: Request
  url: URL
  /** The request body as text (read once). */
  bodyText: string
  inbox: Inbox & { deliver(message: Omit<InboxMessage, 'id' | 'sentAt'>): void }
}

export function grantParams(context: Context): GrantParams {
  return { userAgent: context.request.headers.get('user-agent'), ip: clientIp(context.request) }
}

/** `requestAud`: the X-JWT-AUD header, else the default audience. */
export function requestAud(context: Context, claims?: Record<string, unknown>): string {
  const header = context.request.headers.get('x-jwt-aud')
  if (header) return header
  const aud = claims?.['aud']
  if (typeof aud === 'string' && aud !== '') return aud
  if (Array.isArray(aud) && typeof aud[0] === 'string' && aud[0] !== '') return aud[0]
  return context.config.aud
}
