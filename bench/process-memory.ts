/** Memory of a process tree on Linux, read from /proc: a build's workers count with it. */
import { readdirSync, readFileSync } from 'node:fs'

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>()
  const rss = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name, which may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ppid = Number(fields[1])
      const pid = Number(entry)
      children.set(ppid, [...(children.get(ppid) ?? []), pid])
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1]
      rss.set(pid, kb ? Number(kb) * 1024 : 0)
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0
  const stack = [rootPid]
  while (stack.length > 0) {
    const pid = stack.pop()!
    total += rss.get(pid) ?? 0
    stack.push(...(children.get(pid) ?? []))
  }
  return total
}
