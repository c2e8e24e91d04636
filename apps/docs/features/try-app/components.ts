export { TryApp } from './islands'
