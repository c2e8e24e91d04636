// The platform API's store is tested on PostgreSQL too; install Debian's postgresql package when
// its programs are missing (the throwaway test server needs only initdb and pg_ctl).
import { execSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findPostgresBinaries } from './postgres/throwaway-cluster.mjs'

export function ensurePostgresql() {
  if (findPostgresBinaries()) return
  console.log("PostgreSQL is missing: installing Debian's postgresql package...")
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`,
    { stdio: 'inherit', shell: '/bin/bash' },
  )
  if (!findPostgresBinaries()) throw new Error('apt-get finished but initdb and pg_ctl are still missing')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensurePostgresql()
