import { once } from 'node:events'
import type { Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { listen, type ConnectionLimits } from './http-server'
import { DOCS_ORIGIN, makeTestApp } from './test-helpers'

async function withServer(limits: Partial<ConnectionLimits>, test: (server: Server) => Promise<void>) {
  const { app } = await makeTestApp()
  const server = listen(app, { port: 0, hostname: '127.0.0.1', limits })
  await once(server, 'listening')
  try {
    await test(server)
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

/** A raw socket to `server` that keeps what it receives and says when it closes. */
function openSocket(server: Server) {
  const { port } = server.address() as AddressInfo
  const socket = connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  return {
    socket,
    connected: once(socket, 'connect'),
    closed: once(socket, 'close'),
    received: () => received,
  }
}

const connectionCount = (server: Server) =>
  new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )

describe('the HTTP server', () => {
  it('answers 408 and closes a request whose body arrives too slowly', async () => {
    await withServer(
      { requestTimeoutMs: 500, headersTimeoutMs: 300, checkIntervalMs: 50 },
      async (server) => {
        const client = openSocket(server)
        await client.connected
        const body = 'user_id=user-ada&return_to=http%3A%2F%2Flocalhost%3A3000%2F'
        client.socket.write(
          [
            'POST /auth/sign-in HTTP/1.1',
            'Host: localhost',
            `Origin: ${DOCS_ORIGIN}`,
            'Content-Type: application/x-www-form-urlencoded',
            `Content-Length: ${body.length}`,
            '',
            '',
          ].join('\r\n'),
        )
        // One byte now and then: the connection never goes idle, only the request timeout ends it.
        let sent = 0
        const trickle = setInterval(() => {
          if (sent < body.length - 1) client.socket.write(body[sent++]!)
        }, 50)
        try {
          await client.closed
        } finally {
          clearInterval(trickle)
        }
        expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
        expect(sent).toBeLessThan(body.length - 1)
      },
    )
  })

  it('answers 408 and closes a request whose headers never end', async () => {
    await withServer(
      { requestTimeoutMs: 500, headersTimeoutMs: 300, checkIntervalMs: 50 },
      async (server) => {
        const client = openSocket(server)
        await client.connected
        client.socket.write('GET /platform/organizations HTTP/1.1\r\nHost: localhost\r\n')
        const trickle = setInterval(() => client.socket.write(`X-Slow: ${Date.now()}\r\n`), 50)
        try {
          await client.closed
        } finally {
          clearInterval(trickle)
        }
        expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
      },
    )
  })

  it('closes a kept-alive connection that stays idle', async () => {
    await withServer({ keepAliveTimeoutMs: 200, checkIntervalMs: 50 }, async (server) => {
      const client = openSocket(server)
      await client.connected
      client.socket.write('GET /platform/organizations HTTP/1.1\r\nHost: localhost\r\n\r\n')
      await client.closed
      expect(client.received()).toMatch(/^HTTP\/1\.1 401 /)
    })
  })

  it('refuses connections beyond the cap and takes new ones once one closes', async () => {
    await withServer({ maxConnections: 2 }, async (server) => {
      const answered = async (client: ReturnType<typeof openSocket>) => {
        await client.connected
        client.socket.write('GET /platform/organizations HTTP/1.1\r\nHost: localhost\r\n\r\n')
        await expect.poll(client.received).toMatch(/^HTTP\/1\.1 401 /)
      }
      const first = openSocket(server)
      const second = openSocket(server)
      await answered(first)
      await answered(second)

      const surplus = openSocket(server)
      surplus.socket.write('GET /platform/organizations HTTP/1.1\r\nHost: localhost\r\n\r\n')
      await surplus.closed
      expect(surplus.received()).toBe('')

      first.socket.destroy()
      await first.closed
      await expect.poll(() => connectionCount(server)).toBe(1)
      await answered(openSocket(server))
    })
  })

  it('sets the limits on the server it starts', async () => {
    await withServer({}, async (server) => {
      expect(server.requestTimeout).toBe(15_000)
      expect(server.headersTimeout).toBe(10_000)
      expect(server.keepAliveTimeout).toBe(5_000)
      expect(server.maxConnections).toBe(500)
      expect(server.maxHeadersCount).toBe(100)
    })
  })
})
