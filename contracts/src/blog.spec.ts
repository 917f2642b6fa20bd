import { describe, expect, it } from 'vitest'
import { blogCategoryInput, blogPostInput } from './blog'
import { invisibleTextCases } from './testing/invisibleText'

const post = (title: string) => ({
  title,
  slug: 'a-post',
  content: '',
  excerpt: '',
  featuredImageUrl: null,
  categoryIds: [],
})
const category = (name: string) => ({ name, slug: 'a-category', description: null })
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('a blog post title', () => {
  it.each(invisibleTextCases)('is required: %s shows nothing, so it is refused', (_shown, title) => {
    expect(messages(blogPostInput.safeParse(post(title)))).toEqual(['Title is required'])
  })

  it('is kept as written, trimmed, when it shows anything (invisible characters inside stay)', () => {
    expect(blogPostInput.parse(post(' Dune\u200B ')).title).toBe('Dune\u200B')
    expect(blogPostInput.parse(post('🎬')).title).toBe('🎬')
  })

  it('is still at most 200 characters', () => {
    expect(messages(blogPostInput.safeParse(post('x'.repeat(201))))).toEqual(['Title can be at most 200 characters'])
  })
})

describe('a blog category name', () => {
  it.each(invisibleTextCases)('is required: %s shows nothing, so it is refused', (_shown, name) => {
    expect(messages(blogCategoryInput.safeParse(category(name)))).toEqual(['Name is required'])
  })

  it('is kept when it shows anything', () => {
    expect(blogCategoryInput.parse(category('Reviews')).name).toBe('Reviews')
  })
})
