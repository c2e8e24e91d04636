// Browser tests drive Debian's Chromium; install it with apt-get when it is missing.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package...`)
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  })
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} still does not exist`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureChromium()
