import { useState, type ComponentPropsWithoutRef } from 'react'

/**
 * An image in a post's Markdown. One that cannot be shown (a moved or mistyped address, or one the
 * URL guard emptied) becomes a quiet caption with its alt text in place of the browser's broken-image
 * icon: unlike the featured image, it may carry words the post needs, and the author's alt text is
 * exactly what stands in for it. A span, not a figure: Markdown puts images inside paragraphs.
 */
export function PostImage({ src, alt, title, ...props }: ComponentPropsWithoutRef<'img'>) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null)
  // An address the transform emptied would make the browser fetch the page itself as the image.
  if (typeof src !== 'string' || src === '' || brokenSrc === src) return <MissingImage alt={alt} title={title} />
  return <img {...props} src={src} alt={alt ?? ''} title={title} loading="lazy" onError={() => setBrokenSrc(src)} />
}

function MissingImage({ alt, title }: { alt: string | undefined; title: string | undefined }) {
  const words = alt?.trim() || 'Image not available'
  return (
    <span
      data-testid="missing-image"
      title={title}
      className="inline-flex max-w-full items-center gap-3 rounded-xl border border-dashed border-white/15 bg-white/5 px-4 py-3 text-sm italic text-zinc-400"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="h-5 w-5 shrink-0"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="1.5" />
        <path d="m21 16-5-5-8 8" />
      </svg>
      <span>{words}</span>
    </span>
  )
}
