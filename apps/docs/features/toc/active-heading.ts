/**
 * The heading "in view" is the last one whose top has scrolled above the offset line;
 * at the very bottom of the page the last heading wins, since it may never reach the line.
 */
export function pickActiveHeading(
  headings: readonly { id: string; top: number }[],
  { offset, atBottom }: { offset: number; atBottom: boolean },
): string | undefined {
  if (headings.length === 0) return undefined
  if (atBottom) return headings.at(-1)!.id
  let active = headings[0]!.id
  for (const heading of headings) {
    if (heading.top - offset <= 0) active = heading.id
    else break
  }
  return active
}
