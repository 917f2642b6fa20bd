import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The constants vite.config.ts bakes into a build.
  define: { __APP_VERSION__: JSON.stringify('test'), __BUILD_TIMESTAMP__: JSON.stringify('0') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'scripts/**/*.spec.ts'],
    setupFiles: ['src/lib/specSetup.ts'],
  },
})
