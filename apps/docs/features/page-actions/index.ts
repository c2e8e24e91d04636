export { PageActions } from './PageActions'
