import { useId, useState, type ReactNode } from 'react'
import { inputClass } from '../social/socialStyles'

/** An address the browser can be asked for: the server takes only http(s) URLs and paths on this site. */
const loadable = (url: string) => /^(https?:\/\/|\/)/.test(url)

/**
 * The post's featured image address, with a preview. An address that does not load is still saved (the
 * image may be uploaded later, or the host may be down for a moment), but the admin is told, since the
 * news would show no image for it.
 */
export function BlogFeaturedImageField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (value: string) => void
  /** The server's or the form's refusal of the address, shown under the field. */
  error?: ReactNode
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const noteId = useId()
  const failed = value !== '' && failedUrl === value
  return (
    <div className="grid gap-1.5">
      <label className="grid gap-1.5 text-sm text-zinc-300">
        Featured image URL
        <input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="https://…"
          aria-describedby={failed ? noteId : undefined}
          className={inputClass}
        />
        {error}
      </label>
      {failed ? (
        <p id={noteId} className="text-sm text-amber-300">
          This image could not be loaded: check the address. The post can still be saved, but the news shows no image
          until it loads.
        </p>
      ) : value && loadable(value) ? (
        <img
          src={value}
          alt=""
          onError={() => setFailedUrl(value)}
          className="aspect-[16/9] w-full rounded-xl object-cover"
        />
      ) : null}
    </div>
  )
}
