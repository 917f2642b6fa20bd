/** A text field in the library's dialogs (the watch log, the note): amber focus on the panel colour. */
export const dialogField =
  'w-full rounded-lg border border-white/10 bg-panel px-3 py-2.5 text-base text-zinc-100 placeholder:text-zinc-500 focus:border-amber-400 focus:outline-none focus:ring-2 focus:ring-amber-400/40 sm:text-sm'
