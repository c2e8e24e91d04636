#!/usr/bin/env node
// Runs the TypeScript CLI directly: tsx compiles it on the fly, so no build step is needed.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli/main.ts')
await main()
