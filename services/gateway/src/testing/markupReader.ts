import { SaxesParser } from 'saxes'

export interface MarkupElement {
  name: string
  attributes: Record<string, string>
  text: string
  children: MarkupElement[]
}

/**
 * Parses well-formed markup (XML, or the app's XHTML-shaped index.html) into a small tree with entities
 * decoded; a malformed document throws. Tests use it to read the RSS feed and the served head.
 */
export function readMarkup(source: string): MarkupElement {
  const parser = new SaxesParser({ xmlns: false })
  const root: MarkupElement = { name: '#document', attributes: {}, text: '', children: [] }
  const open: MarkupElement[] = [root]
  parser.on('opentag', (tag) => {
    const element: MarkupElement = {
      name: tag.name,
      attributes: { ...tag.attributes },
      text: '',
      children: [],
    }
    open.at(-1)?.children.push(element)
    open.push(element)
  })
  parser.on('text', (text) => {
    const current = open.at(-1)
    if (current) current.text += text
  })
  parser.on('closetag', () => void open.pop())
  parser.on('error', (error) => {
    throw error
  })
  parser.write(source).close()
  return root
}

/** Every element named `name` under `from`, in document order. */
export function elements(from: MarkupElement, name: string): MarkupElement[] {
  return from.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elements(child, name)])
}
