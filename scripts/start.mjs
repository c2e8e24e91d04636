// `npm start`: install what is missing, build the static site, serve it with the local platform API.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureInstall } from './ensure-install.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SITE_PORT = process.env.PORT ?? '3000'
const API_PORT = process.env.PLATFORM_API_PORT ?? '3001'
process.env.NEXT_TELEMETRY_DISABLED = '1'

ensureInstall()
console.log('Building the site...')
const build = spawnSync('npm run build -w apps/docs', { cwd: root, stdio: 'inherit', shell: true })
if (build.status !== 0) process.exit(build.status ?? 1)

const children = []
function run(command, env) {
  // Own process group, so stopping it stops the shell and the server under it.
  const child = spawn(command, { cwd: root, stdio: 'inherit', shell: true, detached: true, env: { ...process.env, ...env } })
  children.push(child)
  child.on('exit', (code) => {
    if (code && code !== 0) {
      console.error(`"${command}" exited with ${code}`)
      shutdown(code)
    }
  })
}
function shutdown(code = 0) {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

if (existsSync(path.join(root, 'packages', 'platform-api', 'package.json'))) {
  run('npm run start -w packages/platform-api --silent', { PORT: API_PORT })
}
run('npm run serve -w apps/docs --silent', { PORT: SITE_PORT, HOST: '127.0.0.1' })
setTimeout(() => console.log(`\n  Docs site: http://localhost:${SITE_PORT}\n`), 1500)
