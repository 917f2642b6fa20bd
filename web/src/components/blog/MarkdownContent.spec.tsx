import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MarkdownContent } from './MarkdownContent'

afterEach(cleanup)

const rendered = (source: string) => render(<MarkdownContent source={source} />).container

describe('MarkdownContent', () => {
  it('renders Markdown: headings, emphasis, lists and links', () => {
    const html = rendered('# Title\n\nSome **bold** text.\n\n- one\n- two\n\n[TMDB](https://www.themoviedb.org)')
    expect(html.querySelector('h1')?.textContent).toBe('Title')
    expect(html.querySelector('strong')?.textContent).toBe('bold')
    expect(html.querySelectorAll('li')).toHaveLength(2)
    expect(html.querySelector('a')?.getAttribute('href')).toBe('https://www.themoviedb.org')
  })

  it('never renders a <script> or any other raw HTML from the source', () => {
    const html = rendered(
      'Before\n\n<script>window.__pwned = true</script>\n\n<img src="x" onerror="window.__pwned = true">\n\n<iframe src="https://evil.example"></iframe>\n\nAfter',
    )
    expect(html.querySelector('script, img, iframe')).toBeNull()
    expect(html.innerHTML).not.toMatch(/onerror|<script|<iframe/i)
    expect(html.textContent).toContain('Before')
    expect(html.textContent).toContain('After')
  })

  it('renders javascript:, data: and vbscript: links and images inert', () => {
    const html = rendered(
      [
        '[click](javascript:alert(1))',
        '[spaced]( JaVaScRiPt:alert(1))',
        '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '[vb](vbscript:msgbox(1))',
        '![pic](javascript:alert(1))',
        '<javascript:alert(1)>',
      ].join('\n\n'),
    )
    for (const element of html.querySelectorAll('[href], [src]')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? ''
      expect(url).not.toMatch(/^\s*(javascript|data|vbscript):/i)
    }
    expect(html.innerHTML).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i)
    expect(html.textContent).toContain('click')
  })

  it('renders a GitHub-style table as a table, in a frame that scrolls sideways on a narrow screen', () => {
    const html = rendered('| Film | Year |\n| --- | ---: |\n| Dune | 2021 |\n| Arrival | 2016 |')
    const table = html.querySelector('table')
    expect(table).not.toBeNull()
    expect([...html.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Film', 'Year'])
    expect(html.querySelectorAll('tbody tr')).toHaveLength(2)
    expect(html.textContent).not.toContain('| Film |')
    expect(table?.parentElement?.className).toContain('overflow-x-auto')
  })

  it('keeps raw HTML and unsafe addresses inert inside tables and GitHub-style autolinks', () => {
    const html = rendered(
      [
        '| a | b |',
        '| - | - |',
        '| <script>window.__pwned = true</script> | [x](javascript:alert(1)) |',
        '| <img src=x onerror="window.__pwned = true"> | ![p](data:image/png;base64,AAAA) |',
        '',
        'Visit www.example.com or javascript:alert(1) today.',
      ].join('\n'),
    )
    expect(html.querySelector('script, img, iframe')).toBeNull()
    expect(html.innerHTML).not.toMatch(/onerror|<script/i)
    expect(html.innerHTML).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i)
    expect(html.querySelector('a[href="http://www.example.com"]')?.getAttribute('rel')).toBe(
      'noopener noreferrer nofollow',
    )
  })

  it('shows an image that cannot load as a caption with its alt text, not a broken-image icon', () => {
    const html = rendered('Before\n\n![A still from Dune](https://broken.example/dune.jpg)\n\nAfter')
    const image = html.querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://broken.example/dune.jpg')
    fireEvent.error(image as HTMLImageElement)
    expect(html.querySelector('img')).toBeNull()
    expect(html.querySelector('[data-testid="missing-image"]')?.textContent).toBe('A still from Dune')
    expect(html.textContent).toContain('After')
  })

  it('says an image without alt text that cannot load is not available', () => {
    const html = rendered('![](https://broken.example/poster.jpg)')
    fireEvent.error(html.querySelector('img') as HTMLImageElement)
    expect(html.querySelector('[data-testid="missing-image"]')?.textContent).toBe('Image not available')
  })

  it('tries a new address again after an earlier one failed, as the editor preview changes', () => {
    const { container, rerender } = render(<MarkdownContent source="![Dune](https://broken.example/a.jpg)" />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    rerender(<MarkdownContent source="![Dune](https://images.example/b.jpg)" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://images.example/b.jpg')
  })
})
