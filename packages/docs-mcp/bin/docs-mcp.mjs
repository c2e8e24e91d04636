#!/usr/bin/env node
// The docs MCP server on stdio. tsx compiles the TypeScript on the fly, so no build step is needed.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/stdio.ts')
await main()
