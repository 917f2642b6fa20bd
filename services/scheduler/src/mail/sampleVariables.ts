/** Values that show what a template looks like filled in, for admins' previews. */
const samples: Record<string, (publicUrl: string) => string> = {
  username: () => 'ada',
  fromUsername: () => 'grace',
  newEmail: () => 'ada.new@example.com',
  link: (publicUrl) => `${publicUrl}/magic-link?token=sample`,
  mediaTitle: () => 'The Godfather',
  note: () => '"Watch it on a big screen."',
  unsubscribeLink: (publicUrl) => `${publicUrl}/unsubscribed?token=sample`,
}

export function sampleVariables(variables: readonly string[], publicUrl: string): Record<string, string> {
  return Object.fromEntries(variables.map((name) => [name, samples[name]?.(publicUrl) ?? `(${name})`]))
}
