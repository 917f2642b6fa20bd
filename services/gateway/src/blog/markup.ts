/** Text for XML and HTML, with the characters XML 1.0 forbids removed and the markup characters escaped. */
export function escapeMarkup(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly the control characters XML 1.0 does not allow
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  )
}

/** A post's own address, and an image address made absolute (link previews need absolute URLs). */
export const postUrl = (publicUrl: string, slug: string) => `${publicUrl}/news/${encodeURIComponent(slug)}`
export const absoluteUrl = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url)
