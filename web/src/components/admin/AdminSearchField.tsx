import { inputClass } from '../social/socialStyles'

/** The search box of the admin lists (users, posts, mail). */
export function AdminSearchField({
  label,
  value,
  placeholder,
  maxLength,
  onChange,
  className = 'grid gap-1.5 text-sm text-zinc-300',
}: {
  label: string
  value: string
  placeholder: string
  /** The longest text the server takes for this search (from its contract). */
  maxLength: number
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <label className={className}>
      {label}
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        className={inputClass}
      />
    </label>
  )
}
