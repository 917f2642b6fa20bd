import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The constants vite.config.ts bakes into a build.
  define: { __APP_VERSION__: JSON.stringify('test'), __BUILD_TIMESTAMP__: JSON.stringify('0') },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a VM context of a long-lived worker thread: jsdom and the modules are loaded once per
    // worker, not once per file (the web project's 2.4 → 0.5 min here). Files still share no globals.
    pool: 'vmThreads',
    // recharts (CommonJS) requires @reduxjs/toolkit, whose "module-sync" entry is an ES module the VM
    // context's require cannot load: recharts is bundled, with what it imports, into one ES module.
    deps: { optimizer: { client: { enabled: true, include: ['recharts'] } } },
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'scripts/**/*.spec.ts'],
    setupFiles: ['src/lib/specSetup.ts'],
    // A screen rendered in jsdom takes a second or two on a busy two-core machine (CI beside the
    // browser tests): five seconds timed out tests that were only slow. A hang still fails.
    testTimeout: 20_000,
  },
})
