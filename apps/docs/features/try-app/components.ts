export { TryApp } from './TryApp.lazy'
