import { campaignLinkPath } from '../campaigns/campaignTemplates'

/** Values that show what a template looks like filled in, for admins' previews. */
const samples: Record<string, (publicUrl: string) => string> = {
  username: () => 'ada',
  fromUsername: () => 'grace',
  newEmail: () => 'ada.new@example.com',
  link: (publicUrl) => `${publicUrl}/home`,
  mediaTitle: () => 'The Godfather',
  note: () => '"Watch it on a big screen."',
  periodLabel: () => 'this past week',
  sections: () => 'Your friends were busy\n- grace watched “Dune”',
  sectionsHtml: () => '<h2>Your friends were busy</h2>\n<ul><li>grace watched “Dune”</li></ul>',
  profileLink: (publicUrl) => `${publicUrl}/profile#email-preferences`,
  unsubscribeLink: (publicUrl) => `${publicUrl}/unsubscribed?token=sample`,
}

/**
 * Where each template's `{{link}}` goes in the mails sent from it (see `mails/`), a sample token in
 * place of a real one; a campaign step's goes where its button says (`campaignLinkPath`).
 */
const sampleLinks: Record<string, string> = {
  'password-reset': '/reset-password/sample',
  'username-reminder': '/sign_in',
  'magic-link': '/magic-link?token=sample',
  'password-changed': '/forgot-password',
  'friend-request': '/accept-friend?token=sample',
  'friend-invitation': '/sign_up?invite=true&from=grace&email=ada%40example.com&token=sample',
  recommendation: '/recommendations',
  'recommendation-invitation': '/sign_up?returnTo=%2Frecommendations&email=ada%40example.com&token=sample',
  digest: '/feed',
}

export function sampleVariables(
  variables: readonly string[],
  publicUrl: string,
  template: string,
): Record<string, string> {
  const link = sampleLinks[template] ?? campaignLinkPath(template)
  return Object.fromEntries(
    variables.map((name) => [
      name,
      name === 'link' ? `${publicUrl}${link}` : (samples[name]?.(publicUrl) ?? `(${name})`),
    ]),
  )
}
