import Markdown, { defaultUrlTransform } from 'react-markdown'

/**
 * A post's Markdown as HTML, safely: raw HTML in the source is dropped (`skipHtml`, and no rehype-raw),
 * and every link and image address goes through react-markdown's `defaultUrlTransform`, which keeps
 * http(s), mailto, relative and fragment URLs and empties anything else (`javascript:`, `data:`, `vbscript:`).
 */
const proseClass =
  'grid gap-4 leading-relaxed text-zinc-300 [&_a]:text-reel [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-white/20 [&_blockquote]:pl-4 [&_blockquote]:text-zinc-400 [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-white [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_h3]:font-semibold [&_h3]:text-white [&_img]:rounded-xl [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-panel [&_pre]:p-4 [&_strong]:text-white [&_ul]:list-disc [&_ul]:pl-6'

export function MarkdownContent({ source }: { source: string }) {
  return (
    <div className={proseClass}>
      <Markdown
        skipHtml
        urlTransform={defaultUrlTransform}
        components={{
          a: ({ node: _node, href, children, ...props }) =>
            href ? (
              <a {...props} href={href} rel="noopener noreferrer nofollow">
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
          // An address the transform emptied would make the browser fetch the page itself as the image.
          img: ({ node: _node, src, alt, ...props }) =>
            src ? <img {...props} src={src} alt={alt ?? ''} loading="lazy" /> : <span>{alt}</span>,
        }}
      >
        {source}
      </Markdown>
    </div>
  )
}
