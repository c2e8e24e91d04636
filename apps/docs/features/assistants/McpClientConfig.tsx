import { CodeBlock } from '@/components/ui/CodeBlock'
import { siteConfig } from '@/lib/site-config'
import { isMcpClient, mcpClientConfig, unknownMcpClient } from './mcp-clients'

/** An assistant's configuration for the docs MCP server, with the file it goes in as the title. */
export async function McpClientConfig({ client }: { client: string }) {
  if (!isMcpClient(client)) throw new Error(`<McpClientConfig> ${unknownMcpClient(client)}`)
  const { file, code } = mcpClientConfig(client, siteConfig.siteUrl)
  return <CodeBlock code={code} lang="json" title={file} />
}
