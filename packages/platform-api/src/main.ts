import { serve } from '@hono/node-server'
import { readServerConfig } from './config'
import { mountFeedback } from './feedback'
import { createPlatformApi } from './platform-api'

const result = readServerConfig(process.env)
if (!result.ok) {
  console.error(`platform-api: invalid configuration\n  ${result.errors.join('\n  ')}`)
  process.exit(1)
}
const config = result.config
const { app } = await createPlatformApi(config)
const feedback = mountFeedback(app, {
  env: process.env,
  allowedOrigins: config.allowedOrigins,
  testControls: config.testControls,
})
// Listen once the feedback store is open, so that "listening" means every route answers promptly.
await feedback.ready.catch((error: unknown) => {
  console.error(`platform-api: the feedback store did not open yet (${String(error)}); retrying on first use`)
})

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  // The docs name the API by `localhost`; loopback binding keeps it off the network.
  const shownHost = config.host === '127.0.0.1' ? 'localhost' : config.host
  const url = `http://${shownHost}:${info.port}`
  console.log(`Platform API listening on ${url}`)
  console.log(`  docs origins: ${config.allowedOrigins.join(', ')}`)
  if (config.jwtSecretIsEphemeral) {
    console.log('  sign-in tokens last until this process stops (set PLATFORM_API_JWT_SECRET to keep them)')
  }
  if (config.testControls) console.log(`  test controls enabled at ${url}/__test__/`)
})

server.on('error', (error) => {
  console.error(`platform-api: ${error.message}`)
  process.exit(1)
})

function shutDown() {
  server.close(() => process.exit(0))
  // Idle keep-alive connections would otherwise hold the process open.
  if ('closeAllConnections' in server) server.closeAllConnections()
}
process.once('SIGTERM', shutDown)
process.once('SIGINT', shutDown)
