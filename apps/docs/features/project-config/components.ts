export { EnvSample } from './EnvSample.client'
export { ProjectConfigVariables } from './ProjectConfigVariables.lazy'
