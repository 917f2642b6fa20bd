import type { RecommendationLink } from '../../features/recommendations/recommendationLink'
import { Notice } from './FormParts'

/**
 * Spec §2's green banner of the sign-up and sign-in pages, said only of a recommendation link, with
 * who recommended what once known. `action` is what the page asks to see it; `still`, what the page
 * is for when the link will not bring it.
 */
export function RecommendationNotice({
  link,
  action,
  still,
}: {
  link: RecommendationLink
  action: string
  still: string
}) {
  if (link.kind === 'none') return null
  if (link.kind === 'refused')
    return (
      <Notice tone="info" title="This recommendation link won't bring a recommendation">
        {link.message} {still}
      </Notice>
    )
  return (
    <Notice tone="success" title="You've received a recommendation!">
      {link.kind === 'named' ? `${link.value.from} recommended ${link.value.mediaTitle} to you. ${action}` : action}
    </Notice>
  )
}
