/** The audit trail GoTrue keeps in `auth.audit_log_entries` (internal/models/audit_log_entry.go). */
import type { SqlRunner } from './db'

const logTypes: Record<string, string> = {
  login: 'account',
  logout: 'account',
  invite_accepted: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  token_revoked: 'token',
  token_refreshed: 'token',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_updated_password: 'user',
  user_reauthenticate_requested: 'user',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
}

export interface Actor {
  id: string
  email: string | null
  phone: string | null
  raw_user_meta_data?: Record<string, unknown> | null
}

/** The admin a service-role token stands for: no id, its role as its name (`requireAdmin`). */
export const adminActor = (role: string): Actor => ({
  id: '00000000-0000-0000-0000-000000000000',
  email: role,
  phone: null,
})

/** `NewAuditLogEntry`: the payload's keys sorted, as Go writes a map. */
export async function audit(
  db: SqlRunner,
  actor: Actor,
  action: string,
  traits?: Record<string, unknown>,
): Promise<void> {
  const fullName = actor.raw_user_meta_data?.['full_name']
  const payload = {
    action,
    actor_id: actor.id,
    ...(fullName !== undefined ? { actor_name: fullName } : {}),
    actor_username: actor.phone || actor.email || '',
    actor_via_sso: false,
    log_type: logTypes[action] ?? '',
    ...(traits ? { traits } : {}),
  }
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), $1::json, now(), '')`,
    [JSON.stringify(payload)],
  )
}
