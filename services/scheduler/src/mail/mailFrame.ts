/**
 * The frame every HTML mail shares. The viewport line lets a phone's mail app lay the mail out at the
 * phone's width instead of a desktop page's; `color-scheme` says the mail is drawn for light, so a
 * client in dark mode knows what it is recolouring. Long words (a pasted link in a note, a long
 * username, an address) wrap instead of widening the mail past a phone's screen.
 */
export function mailDocument(inner: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">' +
    '</head><body style="font-family:sans-serif;overflow-wrap:anywhere;word-break:break-word">' +
    `${inner}</body></html>`
  )
}

/** The one button a mail leads with; `href` and `label` are HTML already (escaped, or a `{{variable}}`). */
export const mailButton = (href: string, label: string): string =>
  `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#e11d48;color:#fff;border-radius:6px;text-decoration:none">${label}</a></p>`

/** The button's address in words, for a client that shows no button: a link too, wrapping anywhere. */
export const mailButtonFallback = (href: string): string =>
  `<p style="color:#666;font-size:12px">Or open this address: <a href="${href}" style="color:#666;word-break:break-all">${href}</a></p>`
