export { applyPlatformSchema, createPlatformDb } from './create-platform-db'
export { apiRolesSql, platformSchemaSql } from './platform-schema'
export {
  asAnon,
  asRole,
  asUser,
  authenticatedClaims,
  platformRoles,
  type ClaimsSubject,
  type JwtClaims,
  type PlatformRole,
} from './roles'
export { createAuthUser, type AuthUser, type NewAuthUser } from './auth-users'
export { attemptSql, toSqlError, type SqlError, type SqlOutcome } from './sql-error'
export { dumpCompactDataDir } from './compact-data-dir'
export { checkpointPastWal } from './wal'
