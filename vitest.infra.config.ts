import { defineConfig } from 'vitest/config'

// `npm run test:infra`: the adapter contracts against real servers (EventStoreDB, MongoDB).
export default defineConfig({
  test: {
    name: 'infra-servers',
    environment: 'node',
    include: ['**/*.infra.spec.ts'],
    exclude: ['**/node_modules/**', '**/.tsbuild/**'],
    // One server per kind is shared by a whole file; files queue rather than compete for it.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})
