/**
 * Names, sizes and MIME types the storage service accepts (storage-api v1.0.6
 * `src/storage/limits.ts`, `Storage.validateMimeType`, `Uploader.validateMimeType`).
 */
import { errors } from './errors'

// Only S3-safe characters and those needing special handling; a bucket name has no slash.
const keyPattern = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const bucketNamePattern = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !keyPattern.test(key)) throw errors.invalidKey(key ?? '')
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || !bucketNamePattern.test(name)) throw errors.invalidBucketName()
}

/** '20MB', '1.5GB', '300KB', '12B' to bytes (decimal units, three significant digits). */
export function parseFileSizeToBytes(valueWithUnit: string): number {
  const match = /(^[0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(valueWithUnit)
  if (!match) throw errors.invalidFileSizeLimit()
  const value = +parseFloat(match[1]!).toPrecision(3)
  switch (match[2]!.toUpperCase()) {
    case 'GB':
      return value * 1e9
    case 'MB':
      return value * 1e6
    case 'KB':
      return value * 1000
    default:
      return value
  }
}

/** The MIME types a bucket may list: `type/subtype`, optionally with a charset, or a `*` ending. */
export function validateBucketMimeTypes(types: readonly string[]): void {
  for (const type of types) {
    if (
      type.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)
    ) {
      throw errors.invalidMimeType(type)
    }
  }
}

/** Whether an upload's MIME type is one the bucket allows (`image/*` allows every image type). */
export function mustBeAllowedMimeType(mimeType: string, allowed: readonly string[]): void {
  const requested = mimeType.split('/')
  if (requested.length < 2) throw errors.invalidMimeType(mimeType)
  const [type, subtype] = requested
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/')
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return
  }
  throw errors.invalidMimeType(mimeType)
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value)
}
