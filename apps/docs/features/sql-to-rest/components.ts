export { SqlToRest } from './SqlToRest'
