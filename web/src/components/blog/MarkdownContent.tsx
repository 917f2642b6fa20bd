import Markdown, { defaultUrlTransform } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { PostImage } from './PostImage'

/**
 * A post's Markdown as HTML, safely: raw HTML in the source is dropped (`skipHtml`, and no rehype-raw),
 * and every link and image address goes through react-markdown's `defaultUrlTransform`, which keeps
 * http(s), mailto, relative and fragment URLs and empties anything else (`javascript:`, `data:`, `vbscript:`).
 * GitHub's extensions (tables, strikethrough, task lists, footnotes, bare www./https addresses as links)
 * come from remark-gfm, which only parses Markdown: what it makes passes through the same two guards.
 *
 * The prose is one column that cannot grow past its container (`grid-cols-1` is minmax(0, 1fr), and
 * `min-w-0` where it sits in another grid), and a word too long for the line breaks anywhere: a
 * 300-character word or a long line of code must not widen the whole page. Code blocks and tables
 * keep their lines and scroll sideways in their own frame instead.
 */
const proseClass =
  'grid min-w-0 grid-cols-1 gap-4 leading-relaxed text-zinc-300 [overflow-wrap:anywhere] [&_a]:text-reel [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-white/20 [&_blockquote]:pl-4 [&_blockquote]:text-zinc-400 [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-white [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_h3]:font-semibold [&_h3]:text-white [&_img]:rounded-xl [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-panel [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_strong]:text-white [&_ul]:list-disc [&_ul]:pl-6'

/**
 * A table keeps its columns readable (words wrap only between words) and scrolls sideways on a phone
 * rather than squeezing each cell to a letter or widening the page.
 */
const tableFrameClass = 'overflow-x-auto rounded-xl ring-1 ring-white/10'
const tableClass =
  'w-full border-collapse text-left text-sm [overflow-wrap:normal] [&_td]:border-t [&_td]:border-white/10 [&_td]:px-3 [&_td]:py-2 [&_th]:bg-white/5 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-white'

export function MarkdownContent({ source }: { source: string }) {
  return (
    <div className={`${proseClass} print-link-addresses`}>
      <Markdown
        skipHtml
        remarkPlugins={[remarkGfm]}
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
          img: ({ node: _node, ...props }) => <PostImage {...props} />,
          table: ({ node: _node, ...props }) => (
            <div className={tableFrameClass}>
              <table {...props} className={tableClass} />
            </div>
          ),
        }}
      >
        {source}
      </Markdown>
    </div>
  )
}
