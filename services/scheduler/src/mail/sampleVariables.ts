/** Values that show what a template looks like filled in, for admins' previews. */
const samples: Record<string, (publicUrl: string) => string> = {
  username: () => 'ada',
  fromUsername: () => 'grace',
  newEmail: () => 'ada.new@example.com',
  link: (publicUrl) => `${publicUrl}/magic-link?token=sample`,
  mediaTitle: () => 'The Godfather',
  note: () => '"Watch it on a big screen."',
  periodLabel: () => 'this past week',
  sections: () => 'Your friends were busy\n- grace watched “Dune”',
  sectionsHtml: () => '<h2>Your friends were busy</h2>\n<ul><li>grace watched “Dune”</li></ul>',
  unsubscribeLink: (publicUrl) => `${publicUrl}/unsubscribed?token=sample`,
}

export function sampleVariables(variables: readonly string[], publicUrl: string): Record<string, string> {
  return Object.fromEntries(variables.map((name) => [name, samples[name]?.(publicUrl) ?? `(${name})`]))
}
