export {
  createStorageHandler,
  DEFAULT_FILE_SIZE_LIMIT,
  type StorageHandler,
  type StorageHandlerOptions,
} from './handler'
export { MemoryObjectStore, type ObjectStore, type StoredFile } from './object-store'
export { signJwt, verifyJwt, type JwtPayload } from './jwt'
