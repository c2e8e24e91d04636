import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { applyConnectionLimits, serverOptionsFor, socketTimeoutFor, type ConnectionLimits } from '../src/index'

const LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxConnections: 100,
  maxConnectionsPerAddress: 3,
  maxHeadersCount: 100,
  checkIntervalMs: 1_000,
}

const servers: Server[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())))),
  )
})

async function start(limits: ConnectionLimits, body: Buffer | string = 'ok'): Promise<{ server: Server; port: number }> {
  const server = createServer(serverOptionsFor(limits), (_req, res) => {
    res.writeHead(200)
    res.end(body)
  })
  applyConnectionLimits(server, limits)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

/** A connection that says nothing (a slow-loris client), open once the server has it. */
function silentConnection(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.on('error', () => undefined)
    sockets.push(socket)
  })
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())))
}

describe('connections per address', () => {
  it('closes connections past the cap of their address at once, and frees a place when one closes', async () => {
    const { server, port } = await start(LIMITS)
    const held = [await silentConnection(port), await silentConnection(port), await silentConnection(port)]
    const extra = await silentConnection(port)
    extra.resume()
    await closed(extra)
    held[0]!.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    // A place is free again: a real request goes through.
    const response = await fetch(`http://127.0.0.1:${port}/`)
    expect(await response.text()).toBe('ok')
    expect(server.maxConnections).toBe(LIMITS.maxConnections)
  })
})

describe('a reader that stops reading', () => {
  it('is dropped within the idle time, not twice it', async () => {
    const idleTimeoutMs = 600
    const { server, port } = await start({ ...LIMITS, idleTimeoutMs }, Buffer.alloc(64 * 1024 * 1024))
    expect(server.timeout).toBe(socketTimeoutFor({ idleTimeoutMs }))
    const serverSide = new Promise<number>((resolve) =>
      server.once('connection', (socket: Socket) => {
        const started = performance.now()
        socket.once('close', () => resolve(performance.now() - started))
      }),
    )
    const reader = await silentConnection(port)
    reader.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
    reader.pause()
    const heldFor = await serverSide
    console.log(`A stalled reader was dropped after ${heldFor.toFixed(0)} ms (idle time ${idleTimeoutMs} ms).`)
    // Not before its socket timer (half the idle time, as Node re-arms it once while a write is queued).
    expect(heldFor).toBeGreaterThanOrEqual(socketTimeoutFor({ idleTimeoutMs }) - 20)
  })
})
