/**
 * Content types of the files the export contains. The list is closed on purpose: the build fails
 * when it writes a file type that is missing here (see scripts/postbuild.ts), so no file is ever
 * served without a type a browser would have to guess.
 */
import path from 'node:path'

export interface ContentType {
  /** The `Content-Type` header value. */
  type: string
  /** Whether gzip or brotli makes it smaller (text and WebAssembly, not fonts or gzip files). */
  compressible: boolean
}

const text = (type: string): ContentType => ({ type: `${type}; charset=utf-8`, compressible: true })
const binary = (type: string, compressible = false): ContentType => ({ type, compressible })

const BY_EXTENSION: Record<string, ContentType> = {
  '.html': text('text/html'),
  '.js': text('text/javascript'),
  '.css': text('text/css'),
  '.json': binary('application/json', true),
  // React Server Components payloads and llms.txt; Next's router accepts text/plain in an export.
  '.txt': text('text/plain'),
  '.md': text('text/markdown'),
  '.xml': text('application/xml'),
  '.svg': binary('image/svg+xml', true),
  '.ico': binary('image/x-icon', true),
  '.png': binary('image/png'),
  '.jpg': binary('image/jpeg'),
  '.jpeg': binary('image/jpeg'),
  '.webp': binary('image/webp'),
  '.avif': binary('image/avif'),
  '.woff2': binary('font/woff2'),
  '.woff': binary('font/woff'),
  // WebAssembly must say so to be compiled while it streams in.
  '.wasm': binary('application/wasm', true),
  // PGlite's file system image for the SQL-to-REST tool's sample database; it compresses well.
  '.data': binary('application/octet-stream', true),
  // PGlite data folders, gzipped at build time (see features/pglite-data-dirs).
  '.gz': binary('application/gzip'),
  // Pagefind's index and its WebAssembly are gzip files it unpacks itself.
  '.pf_fragment': binary('application/octet-stream'),
  '.pf_index': binary('application/octet-stream'),
  '.pf_meta': binary('application/octet-stream'),
  '.pagefind': binary('application/octet-stream'),
}

/** Host configuration files, served as the text they are. */
const BY_NAME: Record<string, ContentType> = {
  _headers: text('text/plain'),
  _redirects: text('text/plain'),
}

export function contentTypeOf(file: string): ContentType | undefined {
  const name = path.basename(file)
  return BY_NAME[name] ?? BY_EXTENSION[path.extname(name).toLowerCase()]
}
