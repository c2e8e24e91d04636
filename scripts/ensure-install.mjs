// Installs the workspace's dependencies when they are missing or older than the lockfile.
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const marker = path.join(root, 'node_modules', '.package-lock.json')
const lock = path.join(root, 'package-lock.json')

export function ensureInstall() {
  const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs
  if (!stale) return
  console.log('Installing dependencies (npm ci)...')
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureInstall()
