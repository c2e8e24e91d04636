export {
  askAssistantLinks,
  ASSISTANTS_GUIDE,
  isMcpClient,
  mcpClientConfig,
  mcpUrl,
  unknownMcpClient,
} from './mcp-clients'
