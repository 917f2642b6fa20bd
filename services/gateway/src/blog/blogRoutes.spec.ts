import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminBlogCategory, AdminBlogPost, BlogCategory, NewsPage, NewsPost } from '@reelmates/contracts/blog'
import { hasUnreadNews } from '@reelmates/contracts/unreadNews'
import { makeAdmin, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { elements, readMarkup, type MarkupElement } from '../testing/markupReader'

let t: TestApp
let admin: Registered
const visitor = () => agent(t.app)

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-blog-'))
  // A built web app of one file, so the news pages can be served with their link-preview tags.
  mkdirSync(join(dataDir, 'web'), { recursive: true })
  writeFileSync(
    join(dataDir, 'web', 'index.html'),
    '<!doctype html><html><head><title>Reelmates</title>\n<meta\n  name="description"\n  content="app"\n/>\n</head><body><div id="root"></div></body></html>',
  )
  writeFileSync(
    join(dataDir, 'web', 'page-scripts.json'),
    JSON.stringify({ '/news/$slug': ['/assets/news.post-a1.js'] }),
  )
  t = await createTestApp({ env: { WEB_DIST: join(dataDir, 'web'), PUBLIC_URL: 'https://reelmates.test' } })
  admin = await register(t.app, 'blogboss')
  await makeAdmin(t.platform, admin.user.id)
})
afterAll(() => t.close())

const draft = (overrides: Partial<Record<string, unknown>> = {}) => ({
  title: 'November releases',
  slug: 'november-releases',
  content: '# What is new\n\nThe **best** films of the month.',
  excerpt: 'The best films of the month.',
  featuredImageUrl: 'https://images.example.com/november.jpg',
  categoryIds: [],
  ...overrides,
})

async function createPost(overrides: Partial<Record<string, unknown>> = {}): Promise<AdminBlogPost> {
  const answer = await admin.client.post('/api/admin/blog/posts', draft(overrides))
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json<AdminBlogPost>()
}

async function createCategory(name: string, slug: string): Promise<BlogCategory> {
  const answer = await admin.client.post('/api/admin/blog/categories', { name, slug, description: null })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json<BlogCategory>()
}

describe('blog slugs', () => {
  it('refuses a second post with a slug already in use, and frees the slug of a deleted post', async () => {
    const first = await createPost({ slug: 'only-once' })
    const twin = await admin.client.post('/api/admin/blog/posts', draft({ slug: 'only-once', title: 'Twin' }))
    expect(twin.statusCode).toBe(409)
    expect(twin.json()).toMatchObject({ validationErrors: { slug: 'Another post already uses this slug.' } })

    const other = await createPost({ slug: 'other-slug' })
    const renamed = await admin.client.put(`/api/admin/blog/posts/${other.id}`, draft({ slug: 'only-once' }))
    expect(renamed.statusCode).toBe(409)
    // The refused edit kept nothing: the post still has its slug, and that slug is still its own.
    expect((await admin.client.get(`/api/admin/blog/posts/${other.id}`)).json()).toMatchObject({ slug: 'other-slug' })
    expect(
      (await admin.client.put(`/api/admin/blog/posts/${other.id}`, draft({ slug: 'other-slug' }))).statusCode,
    ).toBe(200)

    expect((await admin.client.delete(`/api/admin/blog/posts/${first.id}`)).statusCode).toBe(200)
    await createPost({ slug: 'only-once', title: 'Reused' })
  })

  it('gives the slug to exactly one of two posts saved at the same time', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        admin.client.post('/api/admin/blog/posts', draft({ slug: 'race-slug', title: `Racer ${n}` })),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409])
  })

  it('frees every slug of a post deleted by one admin while another renames it', async () => {
    const post = await createPost({ slug: 'two-admins' })
    // Both decide on the post as it was: the first to write it waits until the second is writing too.
    const { eventStore } = t.platform
    const append = eventStore.append.bind(eventStore)
    let bothWriting!: () => void
    const second = new Promise<void>((resolve) => (bothWriting = resolve))
    let writers = 0
    eventStore.append = async (streamId, events, options) => {
      if (streamId.startsWith('blogpost-') && ++writers <= 2) {
        if (writers === 1) await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 500))])
        else bothWriting()
        if (writers === 2) eventStore.append = append
      }
      return append(streamId, events, options)
    }
    const [renamed, deleted] = await Promise.all([
      admin.client.put(`/api/admin/blog/posts/${post.id}`, draft({ slug: 'two-admins-renamed' })),
      admin.client.delete(`/api/admin/blog/posts/${post.id}`),
    ])
    eventStore.append = append
    expect([renamed.statusCode, deleted.statusCode]).toEqual([200, 200])
    await createPost({ slug: 'two-admins', title: 'Takes the first slug' })
    await createPost({ slug: 'two-admins-renamed', title: 'Takes the second slug' })
  })

  it('frees an old slug when a post changes it', async () => {
    const post = await createPost({ slug: 'old-name' })
    expect((await admin.client.put(`/api/admin/blog/posts/${post.id}`, draft({ slug: 'new-name' }))).statusCode).toBe(
      200,
    )
    await createPost({ slug: 'old-name', title: 'Takes the old name' })
  })

  it('refuses a save over a change made since the editor had the post, and keeps no slug it asked for', async () => {
    const post = await createPost({ slug: 'two-tabs' })
    const save = (basedOn: string, overrides: Partial<Record<string, unknown>> = {}) =>
      admin.client.put(`/api/admin/blog/posts/${post.id}`, draft({ slug: 'two-tabs', ...overrides, basedOn }))
    const first = await save(post.updatedAt, { content: 'From the first tab.' })
    expect(first.statusCode, first.body).toBe(200)

    // The second tab opened the post before that save.
    const stale = await save(post.updatedAt, { content: 'From the second tab.', slug: 'second-tab' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ message: string }>().message).toContain('This post was changed since you opened it')
    const now = (await admin.client.get(`/api/admin/blog/posts/${post.id}`)).json<AdminBlogPost>()
    expect(now).toMatchObject({ content: 'From the first tab.', slug: 'two-tabs' })
    await createPost({ slug: 'second-tab', title: 'The refused save kept no slug' })

    // Publishing changes the post too; a save based on what the publish answered goes through.
    const published = (await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)).json<AdminBlogPost>()
    expect((await save(first.json<AdminBlogPost>().updatedAt)).statusCode).toBe(409)
    expect((await save(published.updatedAt, { content: 'After publishing.' })).statusCode).toBe(200)
    expect((await save('x'.repeat(65))).statusCode).toBe(400)
  })

  it('keeps an address shared before a rename: the post answers there with its new slug, and the page moves for good', async () => {
    const post = await createPost({ slug: 'first-name', title: 'Renamed twice' })
    const published = (await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)).json<AdminBlogPost>()
    const renamed = await admin.client.put(
      `/api/admin/blog/posts/${post.id}`,
      draft({ slug: 'second-name', title: 'Renamed twice', basedOn: published.updatedAt }),
    )
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(
      (
        await admin.client.put(
          `/api/admin/blog/posts/${post.id}`,
          draft({ slug: 'third-name', title: 'Renamed twice', basedOn: renamed.json<AdminBlogPost>().updatedAt }),
        )
      ).statusCode,
    ).toBe(200)

    for (const old of ['first-name', 'second-name']) {
      const read = await visitor().get(`/api/blog/posts/${old}`)
      expect(read.statusCode, read.body).toBe(200)
      expect(read.json<NewsPost>()).toMatchObject({ slug: 'third-name', title: 'Renamed twice' })
      const page = await visitor().get(`/news/${old}`)
      expect(page.statusCode).toBe(301)
      expect(page.headers.location).toBe('/news/third-name')
    }
    expect((await visitor().get('/news/third-name')).statusCode).toBe(200)

    // A post that takes a former slug as its own owns it from then on.
    const heir = await createPost({ slug: 'first-name', title: 'The new first-name' })
    await admin.client.post(`/api/admin/blog/posts/${heir.id}/publish`)
    expect((await visitor().get('/api/blog/posts/first-name')).json<NewsPost>().title).toBe('The new first-name')
    expect((await visitor().get('/news/first-name')).statusCode).toBe(200)
    expect((await visitor().get('/api/blog/posts/second-name')).json<NewsPost>().slug).toBe('third-name')
  })

  it('refuses a malformed slug with a clear message', async () => {
    const answer = await admin.client.post('/api/admin/blog/posts', draft({ slug: 'Not A Slug!' }))
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/lowercase letters, digits/)
  })

  it('serves a post whose slug is as long as a slug may be (120 characters)', async () => {
    const slug = `${'long-slug-'.repeat(11)}ends-herex`
    const post = await createPost({ slug })
    expect((await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)).statusCode).toBe(200)
    const read = await visitor().get(`/api/blog/posts/${slug}`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json<{ slug: string }>().slug).toBe(slug)
  })

  it('keeps category names and slugs unique', async () => {
    await createCategory('Festivals', 'festivals')
    const sameName = await admin.client.post('/api/admin/blog/categories', {
      name: 'FESTIVALS',
      slug: 'festivals-2',
      description: null,
    })
    expect(sameName.statusCode).toBe(409)
    const sameSlug = await admin.client.post('/api/admin/blog/categories', {
      name: 'Fests',
      slug: 'festivals',
      description: null,
    })
    expect(sameSlug.statusCode).toBe(409)
  })

  it('refuses a post in a category there is not, rather than saving it without that category', async () => {
    const interviews = await createCategory('Interviews', 'interviews')
    const unknown = await admin.client.post('/api/admin/blog/posts', {
      ...draft({ slug: 'with-a-typo', categoryIds: [interviews.id, 'no-such-category'] }),
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      message: 'There is no blog category with the id "no-such-category".',
      validationErrors: { categoryIds: 'Choose categories that exist.' },
    })
    const post = await createPost({ slug: 'with-a-typo', categoryIds: [interviews.id] })
    const edit = await admin.client.put(`/api/admin/blog/posts/${post.id}`, {
      ...draft({ slug: 'with-a-typo', categoryIds: ['gone'] }),
    })
    expect(edit.statusCode).toBe(400)
    expect((await admin.client.get(`/api/admin/blog/posts/${post.id}`)).json()).toMatchObject({
      categoryIds: [interviews.id],
    })
  })
})

describe('publishing and the news', () => {
  it('shows a post to visitors only once published, in its category, newest first', async () => {
    const reviews = await createCategory('Reviews', 'reviews')
    const post = await createPost({ slug: 'dune-review', title: 'Dune, reviewed', categoryIds: [reviews.id] })
    expect((await visitor().get('/api/blog/posts/dune-review')).statusCode).toBe(404)
    expect((await visitor().get('/api/blog/posts')).json<NewsPage>().items.map((p) => p.slug)).not.toContain(
      'dune-review',
    )

    const published = await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json()).toMatchObject({ published: true, publishedAt: expect.any(String) as unknown })

    const page = (await visitor().get('/api/blog/posts')).json<NewsPage>()
    expect(page.items[0]).toMatchObject({
      slug: 'dune-review',
      excerpt: 'The best films of the month.',
      featuredImageUrl: 'https://images.example.com/november.jpg',
      categories: [{ slug: 'reviews', name: 'Reviews' }],
    })
    const inCategory = (await visitor().get('/api/blog/posts?category=reviews')).json<NewsPage>()
    expect(inCategory.items.map((p) => p.slug)).toEqual(['dune-review'])
    expect((await visitor().get('/api/blog/posts?category=no-such')).statusCode).toBe(404)
    const full = (await visitor().get('/api/blog/posts/dune-review')).json<NewsPost>()
    expect(full.content).toContain('**best**')

    await admin.client.post(`/api/admin/blog/posts/${post.id}/unpublish`)
    expect((await visitor().get('/api/blog/posts/dune-review')).statusCode).toBe(404)
  })

  it('refuses to publish an empty post', async () => {
    const post = await createPost({ slug: 'empty-post', content: '' })
    const answer = await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ message: 'Write some content before publishing the post.' })
  })

  it('lists drafts and published posts for the admin, with search', async () => {
    await createPost({ slug: 'searchable-draft', title: 'Zebra stripes' })
    const found = await admin.client.get('/api/admin/blog/posts?query=zebra&status=draft')
    expect(found.json<{ items: AdminBlogPost[] }>().items.map((p) => p.slug)).toEqual(['searchable-draft'])
  })

  it('counts a category’s published posts and drafts for admins, and only its published posts for visitors', async () => {
    const roundups = await createCategory('Roundups', 'roundups')
    await createPost({ slug: 'roundup-draft', categoryIds: [roundups.id] })
    const published = await createPost({ slug: 'roundup-published', categoryIds: [roundups.id] })
    await admin.client.post(`/api/admin/blog/posts/${published.id}/publish`)

    const forAdmins = (await admin.client.get('/api/admin/blog/categories')).json<{ items: AdminBlogCategory[] }>()
    expect(forAdmins.items.find((c) => c.slug === 'roundups')).toMatchObject({ postCount: 1, draftCount: 1 })
    const forVisitors = (await visitor().get('/api/blog/categories')).json<{ items: BlogCategory[] }>()
    const open = forVisitors.items.find((c) => c.slug === 'roundups')
    expect(open).toMatchObject({ postCount: 1 })
    expect(open).not.toHaveProperty('draftCount')
  })

  it('records the visit that clears the unread-news dot', async () => {
    const reader = await register(t.app, 'newsreader')
    expect((await reader.client.get('/api/user')).json()).toMatchObject({ lastNewsVisit: null })
    const visit = await reader.client.post('/api/news/visited')
    expect(visit.statusCode).toBe(200)
    const { lastNewsVisit } = visit.json<{ lastNewsVisit: string }>()
    expect((await reader.client.get('/api/user')).json()).toMatchObject({ lastNewsVisit })
  })

  it("does not light the News dot of whoever publishes a post, unless they had others' posts still to read", async () => {
    const writer = await register(t.app, 'ownnews')
    await makeAdmin(t.platform, writer.user.id)
    const dotOf = async () => {
      const newest = (await visitor().get('/api/blog/posts')).json<NewsPage>().items[0]?.publishedAt
      return hasUnreadNews(
        newest,
        (await writer.client.get('/api/user')).json<{ lastNewsVisit: string | null }>().lastNewsVisit,
      )
    }
    const publish = async (author: Registered, slug: string) => {
      const { id } = (await author.client.post('/api/admin/blog/posts', draft({ slug }))).json<AdminBlogPost>()
      const published = await author.client.post(`/api/admin/blog/posts/${id}/publish`)
      expect(published.statusCode, published.body).toBe(200)
    }
    expect((await writer.client.post('/api/news/visited')).statusCode).toBe(200)
    expect(await dotOf()).toBe(false)

    await publish(writer, 'my-own-news')
    expect(await dotOf()).toBe(false)

    await publish(admin, 'news-from-a-colleague')
    expect(await dotOf()).toBe(true)
    // Still unread: the colleague's post, which a visit recorded now would have hidden.
    await publish(writer, 'more-of-my-own')
    expect(await dotOf()).toBe(true)
  })
})

const only = (from: MarkupElement, name: string) => {
  const found = elements(from, name)
  expect(found, name).toHaveLength(1)
  return found[0] as MarkupElement
}
const meta = (head: MarkupElement, key: string, value: string) =>
  elements(head, 'meta').filter((m) => m.attributes[key] === value)

describe('the RSS feed and link previews', () => {
  it('serves well-formed RSS 2.0 of the published posts, with text escaped', async () => {
    const post = await createPost({ slug: 'rss-post', title: 'Fast & <Furious>', excerpt: 'Cars "and" crews' })
    await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)
    const answer = await visitor().get('/news/rss.xml')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/rss\+xml/)
    const rss = only(readMarkup(answer.body), 'rss')
    expect(rss.attributes.version).toBe('2.0')
    const channel = only(rss, 'channel')
    const own = (parent: MarkupElement, name: string) => parent.children.find((c) => c.name === name)?.text
    expect(own(channel, 'title')).toBe('Reelmates News')
    expect(own(channel, 'link')).toBe('https://reelmates.test/news')
    expect(own(channel, 'description')).toBeTruthy()
    const item = elements(channel, 'item').find((i) => own(i, 'title') === 'Fast & <Furious>')
    if (!item) throw new Error('the published post is not in the feed')
    expect(own(item, 'link')).toBe('https://reelmates.test/news/rss-post')
    expect(own(item, 'guid')).toBe('https://reelmates.test/news/rss-post')
    expect(own(item, 'description')).toBe('Cars "and" crews')
    expect(new Date(own(item, 'pubDate') ?? '').toUTCString()).toBe(own(item, 'pubDate'))
    // No draft in the feed.
    expect(answer.body).not.toContain('searchable-draft')
  })

  it("puts a post's title and description into the HTML served for /news/{slug}", async () => {
    const post = await createPost({
      slug: 'preview-post',
      title: 'A "quoted" <title>',
      excerpt: 'What a preview shows',
      featuredImageUrl: '/images/preview.jpg',
    })
    await admin.client.post(`/api/admin/blog/posts/${post.id}/publish`)
    const answer = await visitor().get('/news/preview-post')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    // The post page's own script comes with its HTML, as on every other page (docs/pwa.md); the
    // markup reader reads XML, where an attribute needs a value.
    const preload = '<link rel="modulepreload" crossorigin href="/assets/news.post-a1.js">'
    expect(answer.body).toContain(preload)
    const head = only(readMarkup(answer.body.replace('<!doctype html>', '').replace(preload, '')), 'head')
    expect(only(head, 'title').text).toBe('A "quoted" <title> — Reelmates News')
    const description = meta(head, 'name', 'description')
    expect(description.map((m) => m.attributes.content)).toEqual(['What a preview shows'])
    expect(meta(head, 'property', 'og:title')[0]?.attributes.content).toBe('A "quoted" <title>')
    expect(meta(head, 'property', 'og:image')[0]?.attributes.content).toBe('https://reelmates.test/images/preview.jpg')
    // A draft or an unknown slug gets the plain app, which shows its own not-found page, with a 404.
    const notPublished = await visitor().get('/news/not-published')
    expect(notPublished.statusCode).toBe(404)
    const unknown = readMarkup(notPublished.body.replace('<!doctype html>', '').replace(preload, ''))
    expect(only(unknown, 'title').text).toBe('Reelmates')
  })
})
