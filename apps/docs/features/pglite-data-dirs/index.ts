export { WAL_CHECKPOINT_BYTES, fetchDataDir, openDataDir, startDataDir } from './open-data-dir'
