import type {
  AdminBlogCategory,
  AdminBlogPost,
  BlogCategory,
  BlogCategoryInput,
  BlogPostEdit,
  BlogPostInput,
  NewsPage,
  NewsPost,
} from '@reelmates/contracts/blog'
import { requests } from '../../lib/api'

const postPath = (id: string) => `/api/admin/blog/posts/${encodeURIComponent(id)}`
const categoryPath = (id: string) => `/api/admin/blog/categories/${encodeURIComponent(id)}`

export type AdminPostSummary = Omit<AdminBlogPost, 'content'>
export type PostStatusFilter = 'all' | 'draft' | 'published'

/** The blog and news calls of the API (issue 14.6-7), through the app's one request client. */
export const blogCalls = {
  newsPage: (page: number, category?: string) =>
    requests.get<NewsPage>(
      `/api/blog/posts?page=${page}${category ? `&category=${encodeURIComponent(category)}` : ''}`,
    ),
  newsPost: (slug: string) => requests.get<NewsPost>(`/api/blog/posts/${encodeURIComponent(slug)}`),
  categories: () => requests.get<{ items: BlogCategory[] }>('/api/blog/categories').then((answer) => answer.items),
  recordVisit: () => requests.send<{ lastNewsVisit: string }>('POST', '/api/news/visited'),

  adminPosts: (query: string, status: PostStatusFilter) =>
    requests
      .get<{
        items: AdminPostSummary[]
      }>(`/api/admin/blog/posts?status=${status}${query ? `&query=${encodeURIComponent(query)}` : ''}`)
      .then((answer) => answer.items),
  adminPost: (id: string) => requests.get<AdminBlogPost>(postPath(id)),
  createPost: (input: BlogPostInput) => requests.send<AdminBlogPost>('POST', '/api/admin/blog/posts', input),
  savePost: (id: string, input: BlogPostEdit) => requests.send<AdminBlogPost>('PUT', postPath(id), input),
  deletePost: (id: string) => requests.send<{ message: string }>('DELETE', postPath(id)),
  publish: (id: string) => requests.send<AdminBlogPost>('POST', `${postPath(id)}/publish`),
  unpublish: (id: string) => requests.send<AdminBlogPost>('POST', `${postPath(id)}/unpublish`),

  adminCategories: () =>
    requests.get<{ items: AdminBlogCategory[] }>('/api/admin/blog/categories').then((answer) => answer.items),
  createCategory: (input: BlogCategoryInput) =>
    requests.send<BlogCategory>('POST', '/api/admin/blog/categories', input),
  saveCategory: (id: string, input: BlogCategoryInput) => requests.send<BlogCategory>('PUT', categoryPath(id), input),
  deleteCategory: (id: string) => requests.send<{ message: string }>('DELETE', categoryPath(id)),
}
