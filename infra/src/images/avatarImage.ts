import { createHash } from 'node:crypto'
import sharp from 'sharp'

/** A picture someone sent that cannot be read as an image. */
export class UnreadableImage extends Error {}

/** A readable picture whose canvas is larger than any avatar needs (`maxInputPixels`). */
export class OversizedImage extends Error {}

export interface ReencodedAvatar {
  image: Buffer
  contentType: 'image/webp'
  /** A digest of the stored bytes: the same picture always gets the same version (and ETag). */
  version: string
}

// A 2 MB file can still claim a huge canvas (a decompression bomb): refuse what no avatar needs.
const maxInputPixels = 50_000_000

/** What the upload's types (JPEG, PNG, WebP, GIF, AVIF) decode as; sharp names AVIF `heif`. */
const decodedFormats = new Set<string>(['jpeg', 'png', 'webp', 'gif', 'heif'])

/**
 * Resizes an uploaded picture to a `side`×`side` square (cropped to its centre, turned upright by its
 * EXIF orientation) and re-encodes it as WebP. Re-encoding drops everything but the pixels: camera
 * metadata such as GPS position never reaches the store, and a file that only pretends to be an image
 * never reaches another member's browser.
 */
export async function reencodeAvatar(upload: Buffer, side: number): Promise<ReencodedAvatar> {
  // The header's size first, without decoding: a real picture too large is told so, not called unreadable.
  // No pixel limit here: sharp's default (16,383²) would refuse the very headers this check is for.
  const header = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null)
  // The format sharp finds in the bytes, not the type the upload claims: an SVG or a PDF sent as
  // "image/png" would otherwise be rendered by librsvg or poppler, which no photo needs.
  if (!header || !decodedFormats.has(header.format)) throw new UnreadableImage(`format ${header?.format ?? 'unknown'}`)
  const pixels = header.width * header.height
  if (pixels > maxInputPixels) throw new OversizedImage(`${pixels} pixels`)
  let image: Buffer
  try {
    image = await sharp(upload, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error))
  }
  const version = createHash('sha256').update(image).digest('base64url').slice(0, 16)
  return { image, contentType: 'image/webp', version }
}
