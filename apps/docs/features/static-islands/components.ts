export { IslandGuard } from './IslandGuard.client'
