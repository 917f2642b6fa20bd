import { queryOptions } from '@tanstack/react-query'
import { blogCalls, type PostStatusFilter } from './blogCalls'

/** Everything the blog shows lives under `blog`, so one invalidation after a change refreshes it all. */
export const blogKeys = {
  all: ['blog'] as const,
  news: (page: number, category?: string) => ['blog', 'news', page, category ?? null] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  categories: () => ['blog', 'categories'] as const,
  adminPosts: (query: string, status: PostStatusFilter) => ['blog', 'admin', 'posts', query, status] as const,
  adminPost: (id: string) => ['blog', 'admin', 'post', id] as const,
  adminCategories: () => ['blog', 'admin', 'categories'] as const,
}

export const newsPageQuery = (page: number, category?: string) =>
  queryOptions({ queryKey: blogKeys.news(page, category), queryFn: () => blogCalls.newsPage(page, category) })

export const newsPostQuery = (slug: string) =>
  queryOptions({ queryKey: blogKeys.post(slug), queryFn: () => blogCalls.newsPost(slug) })

export const blogCategoriesQuery = () =>
  queryOptions({ queryKey: blogKeys.categories(), queryFn: blogCalls.categories })

export const adminPostsQuery = (query: string, status: PostStatusFilter) =>
  queryOptions({ queryKey: blogKeys.adminPosts(query, status), queryFn: () => blogCalls.adminPosts(query, status) })

export const adminPostQuery = (id: string) =>
  queryOptions({ queryKey: blogKeys.adminPost(id), queryFn: () => blogCalls.adminPost(id) })

export const adminCategoriesQuery = () =>
  queryOptions({ queryKey: blogKeys.adminCategories(), queryFn: blogCalls.adminCategories })
