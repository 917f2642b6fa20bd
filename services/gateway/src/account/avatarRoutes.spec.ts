import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { avatarMessages, avatarPath } from '@reelmates/contracts/avatars'
import type { PublicUser } from '@reelmates/contracts/account'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { password, register, type Registered } from './accountFixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A real picture, wider than tall, with camera metadata that must not survive. */
const photo = (width = 1200, height = 800, colour = { r: 200, g: 40, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .withExif({ IFD0: { Artist: 'exif-artist-7391' } })
    .jpeg()
    .toBuffer()

const upload = (who: Registered, body: Buffer | string, type = 'image/jpeg', options: { csrf?: boolean } = {}) =>
  who.client.put('/api/user/avatar', body, { headers: { 'content-type': type }, ...options })

let counter = 0
const member = () => register(t.app, `avatar_${(counter += 1)}`)

describe('avatar upload', () => {
  let ada: Registered
  let ben: Registered
  beforeAll(async () => {
    ada = await member()
    ben = await member()
  })

  it('refuses an anonymous visitor every avatar route, and a write without the CSRF token', async () => {
    const anonymous = agent(t.app)
    expect(
      (await anonymous.put('/api/user/avatar', await photo(), { headers: { 'content-type': 'image/jpeg' } }))
        .statusCode,
    ).toBe(401)
    expect((await anonymous.delete('/api/user/avatar')).statusCode).toBe(401)
    const read = await anonymous.get(`/api/avatars/${ada.user.id}`)
    expect(read.statusCode).toBe(401)
    expect(read.json()).toMatchObject({ message: expect.any(String) as unknown })
    expect((await upload(ada, await photo(), 'image/jpeg', { csrf: false })).statusCode).toBe(403)
  })

  it('resizes, re-encodes and serves the picture at a versioned address, without its metadata', async () => {
    const answer = await upload(ada, await photo())
    expect(answer.statusCode, answer.body).toBe(200)
    const user = answer.json<PublicUser>()
    expect(user.avatarUrl).toMatch(new RegExp(`^/api/avatars/${ada.user.id}\\?v=[\\w-]{16}$`))

    const served = await ben.client.get(user.avatarUrl!)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('exif-artist-7391'))).toBe(false)
  })

  it('answers 304 to a browser that has the picture, and revalidates an unversioned address', async () => {
    const { avatarUrl } = (await ada.client.get('/api/user')).json<PublicUser>()
    const first = await ben.client.get(`/api/avatars/${ada.user.id}`)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = String(first.headers.etag)
    expect(`/api/avatars/${ada.user.id}?v=${etag.replaceAll('"', '')}`).toBe(avatarUrl)
    const again = await ben.client.get(`/api/avatars/${ada.user.id}`, { headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
  })

  it('shows the uploaded avatar wherever the member appears (profile and member cards)', async () => {
    const { avatarUrl } = (await ada.client.get('/api/user')).json<PublicUser>()
    const profile = await ben.client.get(`/api/users/${ada.user.username}`)
    expect(profile.json()).toMatchObject({ user: { avatarUrl } })
    const found = await ben.client.get(`/api/users/search?q=${ada.user.username}`)
    expect(found.json()).toMatchObject({ users: [expect.objectContaining({ avatarUrl })] })
  })

  it('lets another member read the picture but never change it', async () => {
    const before = (await ada.client.get('/api/user')).json<PublicUser>().avatarUrl
    expect(
      (
        await ben.client.put(`/api/avatars/${ada.user.id}`, await photo(), {
          headers: { 'content-type': 'image/jpeg' },
        })
      ).statusCode,
    ).toBe(404)
    expect((await ben.client.delete(`/api/avatars/${ada.user.id}`)).statusCode).toBe(404)
    const bens = await upload(ben, await photo(300, 900))
    expect(bens.statusCode).toBe(200)
    expect(bens.json<PublicUser>().avatarUrl).toContain(`/api/avatars/${ben.user.id}?v=`)
    expect((await ada.client.get('/api/user')).json<PublicUser>().avatarUrl).toBe(before)
  })

  it('refuses more than 2 MB with 413 and a message, declared or not', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 7)
    const declared = await upload(ada, big)
    expect(declared.statusCode).toBe(413)
    expect(declared.json()).toEqual({ message: avatarMessages.tooLarge, error: 'Payload Too Large' })
    const chunked = await t.app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      headers: {
        cookie: [...ada.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'csrf-token': (await ada.client.get('/api/csrf-token')).json<{ csrfToken: string }>().csrfToken,
        'content-type': 'image/png',
        'transfer-encoding': 'chunked',
      },
      payload: big,
    })
    expect(chunked.statusCode).toBe(413)
    expect(chunked.json()).toMatchObject({ message: expect.any(String) as unknown })
  })

  it('refuses bytes sent as a picture type that are no readable picture with 400, as JSON', async () => {
    const garbage = await upload(ada, Buffer.from('<script>alert(1)</script> not a png at all'), 'image/png')
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json()).toMatchObject({ message: avatarMessages.notAnImage })
    const truncated = (await photo()).subarray(0, 200)
    expect((await upload(ada, truncated)).statusCode).toBe(400)
    const empty = await upload(ada, Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
  })

  it('refuses a body of any type but the pictures it takes with 415 and the same words as an unreadable one', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    const refused = [
      await upload(ada, svg, 'image/svg+xml'),
      await upload(ada, await photo(), 'application/octet-stream'),
      await upload(ada, 'hello', 'text/plain'),
      await ada.client.put('/api/user/avatar', { image: 'data:image/png;base64,AAAA' }),
    ]
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(415)
      expect(answer.json()).toEqual({ message: avatarMessages.notAnImage, error: 'Unsupported Media Type' })
    }
    // The type's parameters and spelling do not matter, only what it names.
    expect((await upload(ada, await photo(), 'Image/JPEG; charset=binary')).statusCode).toBe(200)
  })

  it('refuses a readable picture of more than 50 megapixels as too big, not as unreadable', async () => {
    // 8,000 × 8,000 of one colour: a small file, a canvas no avatar needs.
    const huge = await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#203040' } })
      .png()
      .toBuffer()
    expect(huge.length).toBeLessThan(2 * 1024 * 1024)
    const answer = await upload(ada, huge, 'image/png')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ message: avatarMessages.tooManyPixels })
    // Just under the limit still goes through.
    const large = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: '#203040' } })
      .png()
      .toBuffer()
    expect((await upload(ada, large, 'image/png')).statusCode).toBe(200)
  })

  it('lets a linked address replace the upload, and removing clears the avatar', async () => {
    const carl = await member()
    await upload(carl, await photo())
    const linked = await carl.client.put('/api/user/profile', { avatarUrl: 'https://example.com/carl.png' })
    expect(linked.json<PublicUser>().avatarUrl).toBe('https://example.com/carl.png')
    expect((await ben.client.get(`/api/avatars/${carl.user.id}`)).statusCode).toBe(404)

    const again = await upload(carl, await photo(500, 500))
    const version = again.json<PublicUser>().avatarUrl
    expect(version).toContain(`/api/avatars/${carl.user.id}?v=`)
    const removed = await carl.client.delete('/api/user/avatar')
    expect(removed.statusCode).toBe(200)
    expect(removed.json<PublicUser>().avatarUrl).toBeNull()
    const gone = await ben.client.get(version!)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toMatchObject({ message: avatarMessages.notFound })
  })
})

/** Every file under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: Buffer): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => {
    const path = join(dir, name)
    return statSync(path).isFile() && readFileSync(path).includes(needle)
  })
}

describe('an avatar and account deletion', () => {
  it('erases the picture with the account: not served, and in no file of the data directory', async () => {
    const dana = await member()
    const viewer = await member()
    // A colour no other member's picture has, so a trace found can only be Dana's.
    const { avatarUrl } = (await upload(dana, await photo(640, 640, { r: 17, g: 201, b: 99 }))).json<PublicUser>()
    const picture = (await viewer.client.get(avatarUrl!)).rawPayload
    // The read model keeps it as base64: the search looks for that spelling and the raw bytes.
    const traces = [picture.subarray(0, 64), Buffer.from(picture.toString('base64').slice(0, 64))]
    await t.platform.readStore.flush()
    expect(filesContaining(t.dataDir, traces[1]!)).toContain('read-models.db')
    // The log holds it sealed with Dana's key, never in clear.
    expect(filesContaining(t.dataDir, traces[1]!).filter((name) => name.startsWith('events.db'))).toEqual([])

    expect((await dana.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    expect((await viewer.client.get(avatarUrl!)).statusCode).toBe(404)
    expect(avatarUrl).toBe(avatarPath(dana.user.id, avatarUrl!.split('v=')[1]!))
    await t.platform.projections.rebuild('avatars')
    expect((await viewer.client.get(avatarUrl!)).statusCode).toBe(404)
    await t.platform.readStore.flush()
    for (const trace of traces) expect(filesContaining(t.dataDir, trace)).toEqual([])
  })
})
