import type { BlogCategoryInput, BlogPostEdit, BlogPostInput } from '@reelmates/contracts/blog'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { tellRefusal } from '../../lib/mutations'
import { toast } from '../../lib/toast'
import { currentUserKey } from '../account/currentUser'
import { blogCalls } from './blogCalls'
import { blogKeys } from './blogQueries'

/** Blog changes run one after another; each answer's position makes the refetch include it. */
const scope = { id: 'blog' }

function useBlogChange<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  success: (data: TData, variables: TVariables) => string,
  refusal: string,
  /** What the change took away: not asked for again (it would answer 404), but dropped. */
  gone?: (variables: TVariables) => QueryKey,
  /** Outside the blog's queries, what the change may have changed too. */
  alsoChanged?: QueryKey,
) {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn,
    onSuccess: async (data, variables) => {
      toast({ title: success(data, variables), variant: 'success' })
      const goneKey = gone ? JSON.stringify(gone(variables)) : null
      await queryClient.invalidateQueries({
        queryKey: blogKeys.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== goneKey,
      })
      if (gone) queryClient.removeQueries({ queryKey: gone(variables), exact: true })
      if (alsoChanged) await queryClient.invalidateQueries({ queryKey: alsoChanged })
    },
    onError: (error) => tellRefusal(refusal, error),
  })
}

export const useCreatePost = () =>
  useBlogChange(
    (input: BlogPostInput) => blogCalls.createPost(input),
    () => 'Draft saved',
    'The post was not saved',
  )

export const useSavePost = () =>
  useBlogChange(
    ({ id, input }: { id: string; input: BlogPostEdit }) => blogCalls.savePost(id, input),
    () => 'Post saved',
    'The post was not saved',
  )

export const usePublishPost = () =>
  useBlogChange(
    ({ id, publish }: { id: string; publish: boolean }) => (publish ? blogCalls.publish(id) : blogCalls.unpublish(id)),
    (post) => (post.published ? 'Published: the post is on the news now' : 'Unpublished: the post is a draft again'),
    'The post did not change',
    undefined,
    // Publishing counts as reading the post (the server records the visit), so the News dot stays off.
    currentUserKey,
  )

export const useDeletePost = () =>
  useBlogChange(
    (id: string) => blogCalls.deletePost(id),
    () => 'Post deleted',
    'The post was not deleted',
    (id) => blogKeys.adminPost(id),
  )

export const useSaveCategory = () =>
  useBlogChange(
    ({ id, input }: { id?: string; input: BlogCategoryInput }) =>
      id ? blogCalls.saveCategory(id, input) : blogCalls.createCategory(input),
    (category) => `Category “${category.name}” saved`,
    'The category was not saved',
  )

export const useDeleteCategory = () =>
  useBlogChange(
    (id: string) => blogCalls.deleteCategory(id),
    () => 'Category deleted',
    'The category was not deleted',
  )
