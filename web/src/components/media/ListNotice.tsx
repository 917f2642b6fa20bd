/** What a list stands for when that is not obvious (the server's `notice`, e.g. offline stand-ins). */
export function ListNotice({ notice }: { notice: string | undefined }) {
  if (!notice) return null
  return <p className="mb-5 rounded-xl bg-panel px-4 py-3 text-sm text-zinc-300 ring-1 ring-white/10">{notice}</p>
}
