import { readServerConfig } from './config'
import { listen } from './http-server'
import { createPlatformApi } from './platform-api'
import { describeDatabaseUrl, openDatabase, type Database } from './store/database'

const result = readServerConfig(process.env)
if (!result.ok) {
  console.error(`platform-api: invalid configuration\n  ${result.errors.join('\n  ')}`)
  process.exit(1)
}
const config = result.config

// The database opens before the server listens: a server that answers is a server that can store.
let database: Database
try {
  database = await openDatabase(config.database)
} catch (error) {
  console.error(`platform-api: ${(error as Error).message}`)
  process.exit(1)
}
const { app } = await createPlatformApi(config, database)

const server = listen(app, { port: config.port, hostname: config.host }, (info) => {
  // The docs name the API by `localhost`; loopback binding keeps it off the network.
  const shownHost = config.host === '127.0.0.1' ? 'localhost' : config.host
  const url = `http://${shownHost}:${info.port}`
  console.log(`Platform API listening on ${url}`)
  console.log(`  docs origins: ${config.allowedOrigins.join(', ')}`)
  const where = config.database
  console.log(
    `  data: ${'databaseUrl' in where ? describeDatabaseUrl(where.databaseUrl) : `${where.dataDir} (embedded PGlite)`}`,
  )
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
  server.close(() => {
    database.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`platform-api: closing the database: ${(error as Error).message}`)
        process.exit(1)
      },
    )
  })
  // Idle keep-alive connections would otherwise hold the process open.
  server.closeAllConnections()
}
process.once('SIGTERM', shutDown)
process.once('SIGINT', shutDown)
