/**
 * How each assistant connects to the docs MCP server: the file it reads and what goes in it.
 * The guide shows these (`<McpClientConfig client="cursor" />`), the Markdown export prints the
 * same, and both take the address from the site URL the build was made for.
 */

export const MCP_SERVER_NAME = 'basebox-docs'

/** The guide that explains the server and these settings. */
export const ASSISTANTS_GUIDE = '/guides/getting-started/ai-assistants'

export function mcpUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/mcp`
}

export interface McpClientSetup {
  name: string
  /** Where the configuration goes. */
  file: string
  config: (siteUrl: string) => Record<string, unknown>
}

/** A clone's path, written as a placeholder the reader replaces. */
const CLONE = '/absolute/path/to/docs'

export const MCP_CLIENTS = {
  'claude-code': {
    name: 'Claude Code',
    file: '.mcp.json',
    config: (siteUrl) => ({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: mcpUrl(siteUrl) } } }),
  },
  // A client that only starts local (stdio) servers reaches the site's /mcp through mcp-remote.
  'stdio-remote': {
    name: 'Claude Desktop and other stdio-only clients',
    file: 'claude_desktop_config.json',
    config: (siteUrl) => ({
      mcpServers: { [MCP_SERVER_NAME]: { command: 'npx', args: ['-y', 'mcp-remote', mcpUrl(siteUrl)] } },
    }),
  },
  // The server itself, run on stdio from a clone of the repository over a site built there.
  'claude-desktop': {
    name: 'Claude Desktop',
    file: 'claude_desktop_config.json',
    config: () => ({
      mcpServers: {
        [MCP_SERVER_NAME]: {
          command: 'node',
          args: [`${CLONE}/packages/docs-mcp/bin/docs-mcp.mjs`, `${CLONE}/apps/docs/out`],
        },
      },
    }),
  },
  cursor: {
    name: 'Cursor',
    file: '.cursor/mcp.json',
    config: (siteUrl) => ({ mcpServers: { [MCP_SERVER_NAME]: { url: mcpUrl(siteUrl) } } }),
  },
  vscode: {
    name: 'VS Code',
    file: '.vscode/mcp.json',
    config: (siteUrl) => ({ servers: { [MCP_SERVER_NAME]: { type: 'http', url: mcpUrl(siteUrl) } } }),
  },
} as const satisfies Record<string, McpClientSetup>

export type McpClientId = keyof typeof MCP_CLIENTS

export function isMcpClient(id: string | undefined): id is McpClientId {
  return id !== undefined && Object.hasOwn(MCP_CLIENTS, id)
}

export function unknownMcpClient(id: string | undefined): string {
  return `client="${id ?? ''}" must be one of ${Object.keys(MCP_CLIENTS).join(', ')}`
}

/** The configuration as the reader pastes it. */
export function mcpClientConfig(id: McpClientId, siteUrl: string): { file: string; code: string } {
  const client = MCP_CLIENTS[id]
  return { file: client.file, code: JSON.stringify(client.config(siteUrl), null, 2) }
}

/**
 * Links that open an assistant's chat with a prompt about the page: the assistant reads the
 * page's Markdown copy.
 */
export function askAssistantLinks(markdownUrl: string): { name: string; href: string }[] {
  const prompt = `Read ${markdownUrl} so I can ask you questions about it.`
  const q = encodeURIComponent(prompt)
  return [
    { name: 'ChatGPT', href: `https://chatgpt.com/?q=${q}` },
    { name: 'Claude', href: `https://claude.ai/new?q=${q}` },
  ]
}
