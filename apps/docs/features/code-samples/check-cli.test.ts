import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCliFacts } from '@/features/cli-facts'
import { checkCliCalls, indexCliFacts } from './check-cli'
import { formatFailure, type CodeSample } from './samples'
import { splitShellCommands } from './shell-commands'

const docsDir = path.resolve(import.meta.dirname, '..', '..')
const index = indexCliFacts(loadCliFacts(path.join(docsDir, 'content/reference/cli/cli-v1.187-facts.json')))

function check(code: string) {
  const sample: CodeSample = {
    file: 'guide.mdx',
    line: 10,
    lang: 'bash',
    code,
    fragment: false,
    runnable: false,
    group: 'guide.mdx',
  }
  const { calls, failures } = checkCliCalls(sample, index)
  return { calls, failures: failures.map(formatFailure) }
}

describe('shell command splitting', () => {
  it('joins continuations, splits on operators and skips comments and here-documents', () => {
    const script = [
      'npx supabase@1.187 start \\',
      '  --exclude studio # not needed here',
      'supabase status -o env > .env && echo "done; really"',
      'cat <<EOF',
      'supabase not-a-command',
      'EOF',
      'echo $(supabase migration list)',
    ].join('\n')
    expect(
      splitShellCommands(script).map((words) => [words[0]!.line, words.map((w) => w.text).join(' ')]),
    ).toEqual([
      [0, 'npx supabase@1.187 start --exclude studio'],
      [2, 'supabase status -o env > .env'],
      [2, 'echo done; really'],
      [3, 'cat'],
      [6, 'supabase migration list'],
      [6, 'echo $()'],
    ])
  })
})

describe('CLI calls in shell samples', () => {
  it('accepts commands, aliases, flags and values that CLI 1.187 has', () => {
    const result = check(
      [
        'npm install supabase@1.187 --save-dev',
        'npx supabase@1.187 start -x studio,imgproxy',
        'supabase --debug db push --include-seed',
        'supabase migrations list --local',
        'supabase migration repair 20240101000000 --status=reverted --linked',
        'supabase functions serve --inspect-mode wait --env-file ./supabase/.env.local',
        'supabase gen types --lang swift --swift-access-control public --local > Types.swift',
        'supabase status --output json | jq -r .API_URL',
        'supabase secrets set STRIPE_KEY="$STRIPE_KEY" --project-ref "$PROJECT_REF"',
        'SUPABASE_EXPERIMENTAL=true supabase branches list',
        'export SUPABASE_EXPERIMENTAL=1',
        'supabase storage ls ss:///avatars --local',
        'supabase db lint --level error --dns-resolver https',
        'supabase gen types typescript --local',
        'supabase db --help',
      ].join('\n'),
    )
    expect(result.failures).toEqual([])
    expect(result.calls).toBe(13)
  })

  it('names the file and line of each command, flag or value CLI 1.187 does not have', () => {
    const result = check(
      [
        'supabase functions run hello',
        'supabase start \\',
        '  --exclude studio,dashboard',
        'supabase db push --seed',
        'supabase status -o csv',
        'supabase branches list',
        'supabase migration repair 20240101000000',
        'supabase db diff --linked --local',
        'supabase db remote commit',
        'supabase functions',
        'supabase gen types --lang rust --local',
        'supabase start --dns-resolver dns',
        'supabase login --token',
        'supabase migration 2> errors.log',
      ].join('\n'),
    )
    expect(result.failures).toEqual([
      'guide.mdx:10: [bash] "supabase functions" has no command "run" in CLI 1.187',
      'guide.mdx:12: [bash] "supabase start": --exclude does not accept "dashboard" (one of: gotrue, realtime, storage-api, imgproxy, kong, inbucket, postgrest, postgres-meta, studio, edge-runtime, logflare, vector, supavisor)',
      'guide.mdx:13: [bash] "supabase db push" has no flag --seed in CLI 1.187',
      'guide.mdx:14: [bash] "supabase status": --output does not accept "csv" (one of: env, pretty, json, toml, yaml)',
      'guide.mdx:15: [bash] "supabase branches list" is experimental in CLI 1.187 and needs --experimental',
      'guide.mdx:16: [bash] "supabase migration repair" requires --status',
      'guide.mdx:17: [bash] "supabase db diff": --linked and --local cannot be used together',
      'guide.mdx:18: [bash] "supabase db remote commit" is deprecated in CLI 1.187; use "supabase db pull"',
      'guide.mdx:19: [bash] "supabase functions" needs a subcommand: delete, deploy, download, list, new, serve',
      'guide.mdx:20: [bash] "supabase gen types": --lang does not accept "rust" (one of: typescript, go, swift)',
      'guide.mdx:21: [bash] "supabase start": --dns-resolver does not accept "dns" (one of: native, https)',
      'guide.mdx:22: [bash] "supabase login": --token needs a value',
      'guide.mdx:23: [bash] "supabase migration" needs a subcommand: fetch, list, new, repair, squash, up',
    ])
  })
})
