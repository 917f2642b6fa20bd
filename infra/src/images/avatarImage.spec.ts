import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { OversizedImage, reencodeAvatar, UnreadableImage } from './avatarImage'

/** CRC-32 as PNG chunks carry it (node 20 has no zlib.crc32). */
function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

/**
 * A small, valid PNG whose header claims `width`×`height`: the pixels that follow are far fewer, but
 * only a decoder would notice, and the size rule must answer before any decoding.
 */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#203040' } })
    .png()
    .toBuffer()
  // Signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), …, CRC over type + data.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe('reencodeAvatar', () => {
  it('calls a picture whose header is beyond what sharp opens by default too big, not unreadable', async () => {
    // 17,000² is past sharp's own default guard (16,383²), which must not hide the megapixel rule.
    const claimed = await pngClaiming(17_000, 17_000)
    expect(
      await sharp(claimed)
        .metadata()
        .catch((error: unknown) => error),
    ).toBeInstanceOf(Error)
    await expect(reencodeAvatar(claimed, 256)).rejects.toBeInstanceOf(OversizedImage)
  })

  it('still calls a header of 10,000² too big, and bytes that are no picture unreadable', async () => {
    await expect(reencodeAvatar(await pngClaiming(10_000, 10_000), 256)).rejects.toBeInstanceOf(OversizedImage)
    await expect(reencodeAvatar(Buffer.from('not a png at all'), 256)).rejects.toBeInstanceOf(UnreadableImage)
  })

  it('refuses a drawing sent as a picture: an SVG or a TIFF is not decoded, whatever type it claims', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>',
    )
    await expect(reencodeAvatar(svg, 256)).rejects.toBeInstanceOf(UnreadableImage)
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#203040' } })
      .tiff()
      .toBuffer()
    await expect(reencodeAvatar(tiff, 256)).rejects.toBeInstanceOf(UnreadableImage)
  })

  it('takes each of the upload types', async () => {
    const canvas = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#203040' } })
    for (const bytes of [
      await canvas().jpeg().toBuffer(),
      await canvas().png().toBuffer(),
      await canvas().webp().toBuffer(),
      await canvas().gif().toBuffer(),
      await canvas().avif().toBuffer(),
    ])
      expect((await reencodeAvatar(bytes, 64)).contentType).toBe('image/webp')
  })
})
