import { BlogNameClaimed, BlogNameReleased, type BlogNameEvent, type BlogNameKind } from '@reelmates/contracts/blog'
import { DomainError, type Decider } from '../decider'

const takenMessage: Record<BlogNameKind, string> = {
  'post-slug': 'Another post already uses this slug.',
  'category-slug': 'Another category already uses this slug.',
  'category-name': 'Another category already has this name.',
}
const field: Record<BlogNameKind, string> = { 'post-slug': 'slug', 'category-slug': 'slug', 'category-name': 'name' }

export class BlogNameTaken extends DomainError {
  override readonly name = 'BlogNameTaken'
  constructor(kind: BlogNameKind) {
    super('conflict', takenMessage[kind], { validationErrors: { [field[kind]]: takenMessage[kind] } })
  }
}

/** Names compare without case or surrounding space; slugs are lowercase already. */
export const nameKey = (value: string) => value.normalize('NFKC').trim().toLowerCase()

/** One stream per name: appending to it with its expected revision is what makes the name unique. */
export const blogNameStreamId = (kind: BlogNameKind, value: string) =>
  `blogname-${kind}-${encodeURIComponent(nameKey(value))}`

export type BlogNameCommand =
  | { type: 'ClaimBlogName'; kind: BlogNameKind; key: string; ownerId: string }
  | { type: 'ReleaseBlogName'; kind: BlogNameKind; key: string; ownerId: string }

export interface BlogNameState {
  ownerId: string | null
}

export const blogName: Decider<BlogNameCommand, BlogNameEvent, BlogNameState> = {
  initialState: () => ({ ownerId: null }),
  evolve: (state, event) => ({ ownerId: event.type === 'BlogNameClaimed' ? event.data.ownerId : null }),
  decide(command, state) {
    const { kind, key, ownerId } = command
    switch (command.type) {
      case 'ClaimBlogName':
        if (state.ownerId === ownerId) return []
        if (state.ownerId !== null) throw new BlogNameTaken(kind)
        return [BlogNameClaimed({ kind, key, ownerId })]
      case 'ReleaseBlogName':
        return state.ownerId === ownerId ? [BlogNameReleased({ kind, key, ownerId })] : []
    }
  },
}
