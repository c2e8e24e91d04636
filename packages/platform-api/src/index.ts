export { createApp, type AppOptions } from './app'
export { createPlatformApi } from './platform-api'
export { readServerConfig, type ServerConfig } from './config'
export { TokenService, CLOCK_SKEW_SECONDS } from './auth/tokens'
export { DatabaseRevocationList, MemoryRevocationList, type RevocationList } from './auth/revocations'
export { openDatabase, StoreError, type Database, type DatabaseLocation } from './store/database'
export { FeedbackStore, createFeedbackRoutes } from './feedback'
export { parseSeed, type Seed } from './seed/schema'
export { loadDefaultSeed } from './seed/default-seed'
export {
  buildProjectApiSettings,
  OLDER_VERSION_KEY_MESSAGE,
  type ProjectApiSettings,
} from './seed/project-api'
export type { OrganizationResponse, ProjectResponse, BranchResponse } from './platform/directory'
export { FAULT_ENDPOINTS, type Fault, type FaultEndpoint } from './test-controls/faults'
