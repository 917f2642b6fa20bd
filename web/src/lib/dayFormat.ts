import { appLocale } from './appLocale'
/** A diary day as the reader's locale writes it: "29 Nov 2026", "Nov 29, 2026". */
export const dayFormat = new Intl.DateTimeFormat(appLocale, { day: 'numeric', month: 'short', year: 'numeric' })
