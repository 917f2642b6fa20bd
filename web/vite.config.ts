import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'

const version = process.env.npm_package_version ?? '0.1.0'
// One timestamp per build: baked into the bundle and written to version.json, so a running app can
// tell that the server now has a newer build (spec §4, app update).
const buildTimestamp = String(Date.now())

/** Writes dist/version.json {version, buildTimestamp} (spec §3, version file). */
function versionFile(): Plugin {
  return {
    name: 'reelmates-version-file',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? join(import.meta.dirname, 'dist')
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'version.json'), JSON.stringify({ version, buildTimestamp }) + '\n')
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_TIMESTAMP__: JSON.stringify(buildTimestamp),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      // swDest left to the plugin: outDir/service-worker.js, so a build into another --outDir works.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/version.json'],
      },
      includeAssets: ['favicon.svg', 'icons/*.png', 'logos/png/*.png'],
      manifest: {
        id: '/',
        name: 'Reelmates',
        short_name: 'Reelmates',
        description: 'Find what to watch, where to stream it, and what your friends are watching.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0b0b12',
        theme_color: '#0b0b12',
        categories: ['entertainment', 'social'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    versionFile(),
    // Brotli and gzip beside every text file, once at build time; the gateway sends them as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
})
