'use client'

import * as Select from '@radix-ui/react-select'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectGroup {
  /** Shown above the group's options; omitted for a flat list. */
  label?: string
  options: SelectOption[]
}

/** Lists longer than this scroll inside a box of fixed height. */
export const SCROLL_AFTER_OPTIONS = 10
export const SCROLL_AREA_HEIGHT_PX = 280

export function PlatformSelect({
  label,
  status,
  placeholder,
  emptyText,
  value,
  groups,
  onValueChange,
}: {
  label: string
  status: 'loading' | 'ready'
  placeholder: string
  emptyText: string
  value: string | undefined
  groups: SelectGroup[]
  onValueChange: (value: string) => void
}) {
  const optionCount = groups.reduce((sum, group) => sum + group.options.length, 0)
  const shownPlaceholder = status === 'loading' ? 'Loading...' : optionCount === 0 ? emptyText : placeholder
  const scrolls = optionCount > SCROLL_AFTER_OPTIONS
  return (
    <Select.Root
      value={value ?? ''}
      onValueChange={onValueChange}
      disabled={status === 'loading' || optionCount === 0}
    >
      <Select.Trigger
        aria-label={label}
        className="inline-flex min-w-0 max-w-full items-center gap-2 rounded-md border border-[var(--border)] bg-[var(--bg)] px-2.5 py-1 text-sm text-[var(--text)] hover:border-[var(--muted)] focus-visible:outline-2 focus-visible:outline-[var(--accent)] disabled:cursor-not-allowed disabled:opacity-70"
      >
        <span className="text-[var(--muted)]">{label}:</span>
        <span className="truncate">
          <Select.Value placeholder={shownPlaceholder} />
        </span>
        <Select.Icon aria-hidden className="text-[var(--muted)]">
          ▾
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-[var(--border)] bg-[var(--bg)] text-sm text-[var(--text)] shadow-lg"
        >
          <Select.Viewport
            data-scroll-area={scrolls ? '' : undefined}
            className="p-1 [scrollbar-width:thin]!"
            // flex: none, or the flex layout Radix gives the viewport would override the height.
            style={scrolls ? { height: SCROLL_AREA_HEIGHT_PX, flex: 'none' } : undefined}
          >
            {groups.map((group, index) => (
              <Select.Group key={group.label ?? index}>
                {group.label ? (
                  <Select.Label className="px-2 pt-2 pb-1 text-xs font-semibold text-[var(--muted)]">
                    {group.label}
                  </Select.Label>
                ) : null}
                {group.options.map((option) => (
                  <Select.Item
                    key={option.value}
                    value={option.value}
                    className="cursor-pointer rounded px-2 py-1.5 outline-none select-none data-[highlighted]:bg-[var(--surface-strong)] data-[state=checked]:font-semibold"
                  >
                    <Select.ItemText>{option.label}</Select.ItemText>
                  </Select.Item>
                ))}
              </Select.Group>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
}
