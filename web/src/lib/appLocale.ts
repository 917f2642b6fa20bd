/**
 * The language the app writes dates, times and numbers in. Reelmates speaks English, so what sits in
 * its sentences is English too: "Watched 3 Nov 2025 · logged 2 minutes ago", never "vor 2 Minuten",
 * "٣ نوفمبر" or "1.234 / 5.000" (which reads as five in an English sentence). The reader's own
 * English is kept where their browser lists one (en-GB writes the day first, en-US the month), else
 * plain 'en'.
 */
export function appLocaleOf(languages: readonly string[]): string {
  return languages.find((language) => /^en(?:-|$)/i.test(language)) ?? 'en'
}

export const appLocale = appLocaleOf(typeof navigator === 'undefined' ? [] : navigator.languages)
