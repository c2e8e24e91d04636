/**
 * Where the bytes of each object version live. The rows are in `storage.objects`; the store holds
 * what the service's file backend keeps on disk: the bytes and the two headers given at upload.
 */

export interface StoredFile {
  body: Uint8Array
  contentType: string
  cacheControl: string
  /** When the version was written (the file's modification time on the file backend). */
  lastModified: Date
}

export interface ObjectStore {
  get(key: string): StoredFile | undefined | Promise<StoredFile | undefined>
  put(key: string, file: StoredFile): void | Promise<void>
  delete(key: string): void | Promise<void>
}

/** A store in memory: a Map of bytes, gone when the page or process ends. */
export class MemoryObjectStore implements ObjectStore {
  readonly files = new Map<string, StoredFile>()

  get(key: string): StoredFile | undefined {
    return this.files.get(key)
  }

  put(key: string, file: StoredFile): void {
    this.files.set(key, file)
  }

  delete(key: string): void {
    this.files.delete(key)
  }
}

/** The key of one version of an object, as the file backend names its file. */
export function versionKey(bucketId: string, name: string, version: string | null | undefined): string {
  return version ? `${bucketId}/${name}/${version}` : `${bucketId}/${name}`
}
