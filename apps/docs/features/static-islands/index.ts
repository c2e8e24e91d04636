export { fileIslandStore, fillExportIslands, moveToIslands } from './static-islands'
