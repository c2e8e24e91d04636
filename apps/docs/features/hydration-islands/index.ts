export { buildIslands } from './build-islands'
export { loadsFramework, withoutFramework } from './without-framework'
export { removeFrameworkFiles } from './framework-files'
