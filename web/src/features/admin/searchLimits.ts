import { outboxQuery } from '@reelmates/contracts/account'
import { adminPostsQuery } from '@reelmates/contracts/blog'
import { adminUsersQuery } from '@reelmates/contracts/userManagement'

const limitOf = (schema: { maxLength: number | null }): number => {
  if (schema.maxLength === null) throw new Error('An admin search field needs a limit in its contract')
  return schema.maxLength
}

/** The longest text each admin search sends, as the contracts keep it: the boxes take no more. */
export const searchLimits = {
  users: limitOf(adminUsersQuery.shape.query.unwrap()),
  posts: limitOf(adminPostsQuery.shape.query.unwrap()),
  recipient: limitOf(outboxQuery.shape.to.unwrap()),
}
