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

/**
 * A process's private memory footprint, in bytes: its anonymous resident pages plus what it has in
 * swap. This is what Chromium reports as a process's memory on Linux (its task manager's "Memory
 * footprint"): unlike the resident size it leaves out file-backed pages such as the browser's own
 * code and fonts, which every Chromium process maps and shares (about 100 MB of any renderer,
 * even one showing a blank page).
 */
export function privateFootprint(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  return (kb('RssAnon') + kb('VmSwap')) * 1024
}
