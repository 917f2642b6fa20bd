import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

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

const pageEncodings = ['br', 'gzip'] as const
const pageCompressors = {
  // Quality 4, as @fastify/compress uses on the fly: brotli's default 11 costs milliseconds a page.
  br: (body: string) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: string) => gzipSync(body),
}

/**
 * Sends an HTML page made per request from the not-found handler, which @fastify/compress does not
 * reach (it compresses through hooks it adds to each route): compressed as the browser accepts, as
 * every other text answer is.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding')
  const accepted = request.headers['accept-encoding']
  const encoding =
    Buffer.byteLength(html) >= compressionThreshold && accepted ? negotiate(accepted, [...pageEncodings]) : null
  if (encoding === null) return reply.send(html)
  return reply.header('Content-Encoding', encoding).send(pageCompressors[encoding](html))
}
