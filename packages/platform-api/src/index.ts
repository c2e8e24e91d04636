export { createApp, type AppOptions } from './app'
export { createPlatformApi } from './platform-api'
export { readServerConfig, type ServerConfig } from './config'
export { TokenService } from './auth/tokens'
export { parseSeed, type Seed } from './seed/schema'
export { loadDefaultSeed } from './seed/default-seed'
export {
  buildProjectApiSettings,
  OLDER_VERSION_KEY_MESSAGE,
  type ProjectApiSettings,
} from './seed/project-api'
export type { OrganizationResponse, ProjectResponse, BranchResponse } from './platform/directory'
export { FAULT_ENDPOINTS, type Fault, type FaultEndpoint } from './test-controls/faults'
