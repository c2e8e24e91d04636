/** Runs every benchmark that has a script in this package, one after another. */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const { scripts } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>
}
const names = Object.keys(scripts).filter((name) => name !== 'bench' && name !== 'reference-scale')
for (const name of names) {
  console.log(`\n=== ${name} ===`)
  const result = spawnSync('npm', ['run', name, '--silent'], { cwd: import.meta.dirname, stdio: 'inherit' })
  if (result.status !== 0) process.exitCode = 1
}
