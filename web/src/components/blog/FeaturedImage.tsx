import { useState } from 'react'

/**
 * A post's featured image, or nothing at all when it cannot be loaded (a moved or mistyped address):
 * hiding only the picture would keep its 16:9 frame as an empty block between the date and the text.
 */
export function FeaturedImage({ src, className, lazy }: { src: string; className?: string; lazy?: boolean }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null)
  if (brokenSrc === src) return null
  return (
    <img src={src} alt="" loading={lazy ? 'lazy' : undefined} onError={() => setBrokenSrc(src)} className={className} />
  )
}
