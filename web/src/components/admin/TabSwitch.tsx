import type { ReactNode } from 'react'

/** A row of tabs over one panel (write/preview, HTML/text): the panel is the caller's. */
export function TabSwitch<Name extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string
  tabs: readonly { name: Name; label: string }[]
  selected: Name
  onSelect: (name: Name) => void
  children?: ReactNode
}) {
  return (
    <div className="flex items-center gap-2 text-sm" role="tablist" aria-label={label}>
      {children}
      {tabs.map((tab) => (
        <button
          key={tab.name}
          type="button"
          role="tab"
          aria-selected={selected === tab.name}
          onClick={() => onSelect(tab.name)}
          className={`rounded-full px-3 py-1 ${selected === tab.name ? 'bg-white text-zinc-900' : 'text-zinc-300 hover:bg-white/5'}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
