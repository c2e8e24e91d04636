/**
 * The server on standard input and output, for an assistant that starts it as a process:
 *   node packages/docs-mcp/bin/docs-mcp.mjs [export dir]   (apps/docs/out by default)
 * Logs go to standard error; standard output carries only the protocol.
 */
import path from 'node:path'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createDocsMcpServer } from './server'
import { openSite } from './site'

export const DEFAULT_EXPORT_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'apps', 'docs', 'out')

export async function main(argv = process.argv.slice(2)): Promise<void> {
  // Standard output is the protocol's: a library that logs must not write into it.
  console.log = console.error
  console.info = console.error
  const exportDir = path.resolve(argv[0] ?? process.env.DOCS_EXPORT_PATH ?? DEFAULT_EXPORT_DIR)
  let site
  try {
    site = openSite(exportDir)
  } catch (error) {
    console.error(`docs-mcp: ${(error as Error).message}`)
    process.exit(1)
  }
  const server = createDocsMcpServer(site)
  await server.connect(new StdioServerTransport())
  console.error(`docs-mcp: serving ${site.exportDir} on stdio`)
}
