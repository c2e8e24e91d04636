export { McpClientConfig } from './McpClientConfig'
