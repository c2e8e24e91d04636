import { describe, expect, it } from 'vitest'
import { askAssistantLinks, isMcpClient, MCP_CLIENTS, mcpClientConfig, mcpUrl } from './mcp-clients'

describe('MCP client configurations', () => {
  it('point every HTTP client at /mcp of the site', () => {
    expect(mcpUrl('https://docs.example.com/')).toBe('https://docs.example.com/mcp')
    expect(JSON.parse(mcpClientConfig('cursor', 'https://docs.example.com').code)).toEqual({
      mcpServers: { 'basebox-docs': { url: 'https://docs.example.com/mcp' } },
    })
    expect(JSON.parse(mcpClientConfig('vscode', 'https://docs.example.com').code)).toEqual({
      servers: { 'basebox-docs': { type: 'http', url: 'https://docs.example.com/mcp' } },
    })
  })

  it('point Claude Code at /mcp, and a stdio-only client at it through mcp-remote', () => {
    expect(JSON.parse(mcpClientConfig('claude-code', 'https://docs.example.com').code)).toEqual({
      mcpServers: { 'basebox-docs': { type: 'http', url: 'https://docs.example.com/mcp' } },
    })
    expect(JSON.parse(mcpClientConfig('stdio-remote', 'https://docs.example.com').code)).toEqual({
      mcpServers: { 'basebox-docs': { command: 'npx', args: ['-y', 'mcp-remote', 'https://docs.example.com/mcp'] } },
    })
  })

  it('start the stdio server of a clone for Claude Desktop', () => {
    const { file, code } = mcpClientConfig('claude-desktop', 'https://docs.example.com')
    expect(file).toBe('claude_desktop_config.json')
    const server = (JSON.parse(code) as { mcpServers: Record<string, { command: string; args: string[] }> })
      .mcpServers['basebox-docs']
    expect(server?.command).toBe('node')
    expect(server?.args[0]).toMatch(/\/packages\/docs-mcp\/bin\/docs-mcp\.mjs$/)
  })

  it('knows only its clients', () => {
    expect(Object.keys(MCP_CLIENTS).every(isMcpClient)).toBe(true)
    expect(isMcpClient('emacs')).toBe(false)
    expect(isMcpClient('toString')).toBe(false)
  })
})

describe('askAssistantLinks', () => {
  it('open each assistant with a prompt that names the Markdown copy', () => {
    const links = askAssistantLinks('https://docs.example.com/guides/auth/mfa.md')
    expect(links.map((link) => link.name)).toEqual(['ChatGPT', 'Claude'])
    for (const link of links) {
      expect(new URL(link.href).searchParams.get('q')).toBe(
        'Read https://docs.example.com/guides/auth/mfa.md so I can ask you questions about it.',
      )
    }
  })
})
