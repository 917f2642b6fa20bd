import {
  BlogCategoryCreated,
  BlogCategoryDeleted,
  BlogCategoryEdited,
  type BlogCategoryEvent,
  type BlogCategoryInput,
} from '@reelmates/contracts/blog'
import { DomainError, type Decider } from '../decider'

export const blogCategoryStreamId = (categoryId: string) => `blogcategory-${categoryId}`

export class BlogCategoryNotFound extends DomainError {
  override readonly name = 'BlogCategoryNotFound'
  constructor() {
    super('not_found', 'No such blog category.')
  }
}

export type BlogCategoryCommand =
  | { type: 'CreateCategory'; categoryId: string; input: BlogCategoryInput }
  | { type: 'EditCategory'; categoryId: string; input: BlogCategoryInput }
  | { type: 'DeleteCategory'; categoryId: string }

export interface BlogCategoryState {
  status: 'none' | 'active' | 'deleted'
  name: string | null
  slug: string | null
}

const fieldsOf = (categoryId: string, input: BlogCategoryInput) => ({
  categoryId,
  name: input.name,
  slug: input.slug,
  description: input.description === '' ? null : input.description,
})

export const blogCategory: Decider<BlogCategoryCommand, BlogCategoryEvent, BlogCategoryState> = {
  initialState: () => ({ status: 'none', name: null, slug: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'BlogCategoryCreated':
      case 'BlogCategoryEdited':
        return { status: 'active', name: event.data.name, slug: event.data.slug }
      case 'BlogCategoryDeleted':
        return { ...state, status: 'deleted' }
    }
  },
  decide(command, state) {
    if (command.type === 'CreateCategory') {
      if (state.status !== 'none') throw new DomainError('conflict', 'This category already exists.')
      return [BlogCategoryCreated(fieldsOf(command.categoryId, command.input))]
    }
    if (state.status !== 'active') throw new BlogCategoryNotFound()
    switch (command.type) {
      case 'EditCategory':
        return [BlogCategoryEdited(fieldsOf(command.categoryId, command.input))]
      case 'DeleteCategory':
        return [BlogCategoryDeleted({ categoryId: command.categoryId })]
    }
  },
}
