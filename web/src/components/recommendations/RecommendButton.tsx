import { useState } from 'react'
import { Icon } from '../library/icons'
import { cardButtonSize } from '../media/layout'
import { RecommendDialog, type RecommendedTitleRef } from './RecommendDialog'

const looks = {
  /** The media page: a labelled pill beside the library buttons. */
  pill: 'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-white/10 px-5 text-sm font-semibold text-zinc-100 ring-1 ring-white/10 transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
  /** A title card: a round icon over the poster. */
  round: `inline-flex ${cardButtonSize} items-center justify-center rounded-full bg-black/65 text-white shadow-lg shadow-black/40 transition hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400`,
}

/** "Recommend": opens the dialog to send this title to friends or an address. */
export function RecommendButton({ title, look = 'pill' }: { title: RecommendedTitleRef; look?: keyof typeof looks }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={looks[look]}
        {...(look === 'round' ? { 'aria-label': `Recommend ${title.title}`, title: 'Recommend' } : {})}
      >
        <Icon name="send" className={look === 'round' ? 'h-[18px] w-[18px]' : 'h-5 w-5'} />
        {look === 'pill' ? 'Recommend' : null}
      </button>
      {open ? <RecommendDialog title={title} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
