export { EnvSample, ProjectConfigVariables } from './islands'
