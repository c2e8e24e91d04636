export { buildIslands, ISLANDS_PATH } from './build-islands'
export { loadsFramework, withoutFramework } from './without-framework'
