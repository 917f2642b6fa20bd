import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { javascriptFor, pageAddresses, pageScripts, routeChunks, type Manifest } from './pageScripts'

/** The router's generated tree as the build reads it: the regular expressions must keep matching its format. */
const routeTree = readFileSync(join(import.meta.dirname, '../src/routeTree.gen.ts'), 'utf8')

/**
 * A manifest shaped like Vite's for this tree: every route file has its chunk (importing a shared
 * one) and a piece split off by the router plugin; the entry imports the shared chunk too.
 */
function manifestFor(tree: string): Manifest {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_styles.css': { file: 'assets/index.css' },
  }
  for (const [, path = ''] of tree.matchAll(/import \{ Route as \w+ \} from '\.\/(routes\/[^']+)'/g)) {
    const name = path.replace(/\W+/g, '-')
    manifest[`src/${path}.tsx`] = { file: `assets/${name}.js`, imports: ['_shared.js', '_styles.css'] }
    manifest[`src/${path}.tsx?tsr-split=component`] = { file: `assets/${name}-component.js` }
  }
  return manifest
}

describe('the scripts each page preloads', () => {
  const manifest = manifestFor(routeTree)
  const pages = pageScripts(routeTree, manifest)

  it('names a page’s own route pieces, its layouts’ and the root’s, each once, without the entry or stylesheets', () => {
    const media = pages['/media/$mediaType/$id']
    expect(media).toEqual(
      expect.arrayContaining([
        '/assets/routes-_authed-media-mediaType-id.js',
        '/assets/routes-_authed-media-mediaType-id-component.js',
        '/assets/routes-_authed.js',
        '/assets/routes-_authed-component.js',
        '/assets/routes-__root.js',
        '/assets/shared.js',
      ]),
    )
    expect(media).toHaveLength(new Set(media).size)
    expect(media).not.toContain('/assets/index.js')
    expect(media?.some((file) => file.endsWith('.css'))).toBe(false)
    // Another layout's pieces are not this page's.
    expect(media).not.toContain('/assets/routes-_guest.js')
    expect(pages['/sign_in']).toEqual(expect.arrayContaining(['/assets/routes-_guest.js']))
    expect(pages['/sign_in']).not.toContain('/assets/routes-_authed.js')
  })

  it('lists every page of the tree, and no layout on its own', () => {
    for (const path of ['/', '/home', '/sign_in', '/watchlist', '/news/$slug', '/profile/$username', '/admin/events']) {
      expect(pages, path).toHaveProperty([path])
    }
    const declared = [...routeTree.matchAll(/fullPath: '([^']+)'/g)].map(([, fullPath]) => fullPath)
    expect(Object.keys(pages).length).toBeGreaterThan(30)
    for (const path of Object.keys(pages)) expect(declared).toContain(path)
  })

  it('walks static imports once each, and a missing key to nothing', () => {
    const looped: Manifest = {
      a: { file: 'a.js', imports: ['b'] },
      b: { file: 'b.js', imports: ['a', 'c.css'] },
      'c.css': { file: 'c.css' },
    }
    expect([...javascriptFor(looped, ['a', 'gone'])]).toEqual(['a.js', 'b.js'])
    expect(routeChunks(manifest, 'src/routes/_authed.tsx')).toEqual([
      'src/routes/_authed.tsx',
      'src/routes/_authed.tsx?tsr-split=component',
    ])
  })
})

describe('the page addresses', () => {
  it("are the router's full paths, layouts left out", () => {
    const addresses = pageAddresses(routeTree)
    expect(addresses).toEqual(expect.arrayContaining(['/', '/home', '/provider/$providerId', '/news/']))
    expect(addresses.some((address) => address.includes('_authed'))).toBe(false)
  })

  it('refuse a tree that lists none, rather than call every address unknown', () => {
    expect(() => pageAddresses('export const routeTree = {}')).toThrow('lists no page addresses')
  })
})
