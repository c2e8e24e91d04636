// `npm test`: everything CI checks, in order, with the time each step took.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensureInstall } from './ensure-install.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.env.NEXT_TELEMETRY_DISABLED = '1'
process.env.CI ??= '1'

const steps = [
  ['type check', 'npm run typecheck --workspaces --if-present'],
  ['lint', 'npx eslint . --max-warnings=0'],
  ['unit tests', 'npm run test --workspaces --if-present'],
  ['samples check', 'npm run check:samples -w apps/docs'],
  ['production build', 'npm run build --workspaces --if-present'],
  ['browser tests', 'npm run test:e2e -w apps/docs'],
]

const only = process.argv.slice(2)
const timings = []
const started = Date.now()
ensureInstall()
ensureChromium()
for (const [name, command] of steps) {
  if (only.length && !only.includes(name.split(' ')[0])) continue
  console.log(`\n▶ ${name}: ${command}`)
  const t0 = Date.now()
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true })
  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  timings.push(`${name.padEnd(18)} ${seconds.padStart(7)} s  ${result.status === 0 ? 'ok' : 'FAILED'}`)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status}).\n${timings.join('\n')}`)
    process.exit(result.status ?? 1)
  }
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s:\n${timings.join('\n')}`)
