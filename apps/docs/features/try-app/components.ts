export { TryApp } from './TryApp.client'
