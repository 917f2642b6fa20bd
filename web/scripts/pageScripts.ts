/**
 * Which built scripts each page of the app needs beyond the entry, read from the router's generated
 * route tree and the Vite manifest. The gateway names them in the page's HTML as module preloads, so
 * a phone fetches the opening page's code beside the entry instead of one round trip after it has
 * run (issue 15.2); `bench/webBundle.bench.ts` counts a screen's JavaScript with the same walk.
 */

export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

interface RouteEntry {
  fullPath: string
  file: string
  parentImport: string
}

/**
 * The page addresses the client router knows (`/home`, `/news/$slug`, …), from the `fullPaths` union
 * of its generated route tree. The gateway answers any other address 404 (dist/pages.json), and the
 * service worker does the same offline.
 */
export function pageAddresses(routeTree: string): string[] {
  const union = /fullPaths:([^;]*?)\n\s*fileRoutesByTo/s.exec(routeTree)?.[1] ?? ''
  const addresses = [...union.matchAll(/'([^']+)'/g)].map(([, address = '']) => address)
  if (addresses.length === 0) throw new Error('routeTree.gen.ts lists no page addresses')
  return addresses
}

/** The JavaScript files of `roots` (manifest keys) and of everything they import statically, each once. */
export function javascriptFor(manifest: Manifest, roots: string[]): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    if (chunk.file.endsWith('.js')) files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  roots.forEach(visit)
  return files
}

/** Manifest keys of a route file: the file itself and the pieces the router plugin split off (`?tsr-split=…`). */
export function routeChunks(manifest: Manifest, routeFile: string): string[] {
  return Object.keys(manifest).filter((key) => key === routeFile || key.startsWith(`${routeFile}?`))
}

/**
 * Each page address (the router's full paths, `/media/$type/$id` style) with the scripts its route
 * chain needs that the entry does not already carry, as site paths (`/assets/…`).
 */
export function pageScripts(routeTree: string, manifest: Manifest): Record<string, string[]> {
  const files = new Map<string, string>()
  for (const [, name = '', path = ''] of routeTree.matchAll(
    /import \{ Route as (\w+) \} from '\.\/(routes\/[^']+)'/g,
  )) {
    files.set(name, manifestKeyOf(manifest, `src/${path}`))
  }
  const routes = new Map<string, RouteEntry>()
  const declared =
    /'[^']+': \{\s*id: '[^']+'\s*path: '[^']*'\s*fullPath: '([^']+)'\s*preLoaderRoute: typeof (\w+)\s*parentRoute: typeof (\w+)/g
  for (const [, fullPath = '', routeImport = '', parent = ''] of routeTree.matchAll(declared)) {
    routes.set(routeImport, {
      fullPath,
      file: files.get(routeImport) ?? '',
      // `const GuestRoute = GuestRouteImport.update(…)`: the parent's constant names its import.
      parentImport: parent === 'rootRouteImport' ? parent : parent.replace(/Route$/, 'RouteImport'),
    })
  }
  const parents = new Set([...routes.values()].map((route) => route.parentImport))
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file
  const root = files.get('rootRouteImport')
  const pages: Record<string, string[]> = {}
  for (const [routeImport, route] of routes) {
    if (parents.has(routeImport)) continue // a layout: its pages are listed, not it
    const chain = [root ?? '']
    for (let at: RouteEntry | undefined = route; at; at = routes.get(at.parentImport)) chain.push(at.file)
    const scripts = javascriptFor(
      manifest,
      chain.flatMap((file) => routeChunks(manifest, file)),
    )
    if (entry) scripts.delete(entry)
    pages[route.fullPath] = [...scripts].map((file) => `/${file}`)
  }
  return pages
}

function manifestKeyOf(manifest: Manifest, path: string): string {
  return [`${path}.tsx`, `${path}.ts`].find((key) => routeChunks(manifest, key).length > 0) ?? `${path}.tsx`
}
