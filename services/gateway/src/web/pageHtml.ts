import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pageAddressPattern } from '@reelmates/contracts/pageAddresses'

/**
 * The app's index.html for a page address, naming the scripts that page needs beyond the entry as
 * module preloads (dist/page-scripts.json, written by the web build). Without them a phone asks for
 * the page's code only once the entry has arrived and run, a round trip on a slow network before
 * the first paint (issue 15.2, docs/pwa.md). Both files are read on each page load, as the file
 * server read index.html before (a page load is rare beside the API's answers); without the list
 * (an older build) the HTML goes out as it is.
 */
export async function pageHtml(webDist: string, path: string): Promise<string> {
  const html = await readFile(join(webDist, 'index.html'), 'utf8')
  const scripts = scriptsOf(await pageScripts(webDist), path)
  if (scripts.length === 0) return html
  const links = scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`).join('')
  return html.replace('</head>', `${links}</head>`)
}

async function pageScripts(webDist: string): Promise<Record<string, string[]>> {
  try {
    return JSON.parse(await readFile(join(webDist, 'page-scripts.json'), 'utf8')) as Record<string, string[]>
  } catch {
    return {}
  }
}

/** The scripts of the page whose address matches: a fixed address before one with parameters. */
function scriptsOf(pages: Record<string, string[]>, path: string): string[] {
  const parameters = (address: string) => address.split('/$').length
  const address = Object.keys(pages)
    .sort((a, b) => parameters(a) - parameters(b))
    .find((candidate) => pageAddressPattern(candidate).test(path))
  // Only our own built files: the list comes from the build, but the HTML must not carry anything else.
  return (address ? (pages[address] ?? []) : []).filter((script) => /^\/assets\/[\w.-]+\.js$/.test(script))
}
