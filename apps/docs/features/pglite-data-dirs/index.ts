export { fetchDataDir, openDataDir, startDataDir } from './open-data-dir'
