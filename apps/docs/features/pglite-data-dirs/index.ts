export { fetchDataDir, openDataDir } from './open-data-dir'
