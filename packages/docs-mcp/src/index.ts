/**
 * The docs MCP server: tools and resources over a built site (apps/docs/out).
 *
 *   const site = openSite('apps/docs/out')        // reads llms.txt; the rest loads on first use
 *   const server = createDocsMcpServer(site)      // an McpServer: connect it to any transport
 *   await server.connect(new StdioServerTransport())
 */
export { createDocsMcpServer, LLMS_TXT_URI, PAGE_URI_TEMPLATE, SERVER_VERSION } from './server'
export { openSite, type DocsSite } from './site'
export { createMcpHttpHandler, MCP_PATH, TOOL_NAMES, WELL_KNOWN_PATH, type McpHttpHandler } from './http'
