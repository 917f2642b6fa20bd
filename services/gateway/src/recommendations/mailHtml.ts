/**
 * The HTML body of the recommendation mails, which the gateway still sends inside the request:
 * the scheduler's templated mail reactions (services/scheduler/src/mail) do not cover them yet.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function html(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')
  const button = `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#e11d48;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
  const fallback = `<p style="color:#666;font-size:12px">Or open this address: ${escapeHtml(link.href)}</p>`
  return `<!doctype html><html><body style="font-family:sans-serif">${body}\n${button}\n${fallback}</body></html>`
}
