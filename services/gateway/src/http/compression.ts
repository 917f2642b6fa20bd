import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Every text answer compressed (issue 15.2). Built assets are compressed once at build time
 * (web/vite.config.ts) and sent as they are (`preCompressed` in web/staticWeb.ts); this compresses
 * the rest on the fly — API JSON and anything else — when it is big enough for it to pay: below
 * 1 KiB the headers and the CPU cost more than the bytes saved.
 */
export const compressionThreshold = 1024

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { threshold: compressionThreshold, encodings: ['br', 'gzip'] })
}
