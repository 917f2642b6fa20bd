import { MutationObserver, mutationOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { MediaType } from '@reelmates/contracts/media'
import type { WatchedItem, WatchedTitle } from '@reelmates/contracts/watched'
import { alreadyOnWatchlistMessage, notOnWatchlistMessage, type WatchlistItem } from '@reelmates/contracts/watchlist'
import { isApiError } from '../../lib/apiError'
import {
  pendingChanges,
  refetchOnceSettled,
  copyWords,
  sentence,
  shortened,
  tellRefusal,
  tellRefusalGivingWordsBack,
} from '../../lib/mutations'
import { tellRefused } from '../../lib/refusedChanges'
import { signedInAsFor } from '../../lib/signedInAs'
import { toast } from '../../lib/toast'
import { waitingChange, waitingChangeSettled } from '../../lib/waitingChanges'
import { libraryCalls, type ChangeAnswer, type LibraryRequests, type Page } from './libraryCalls'
import {
  applyToStatus,
  applyToWatchlist,
  libraryChange,
  type LibraryChange,
  type LibraryChangeOf,
  type TitleStatus,
} from './libraryChanges'
import { keepStepDone } from '../onboarding/stepsDoneHere'
import { libraryKeys } from './libraryQueries'
import { confirmInPages } from './watchedLog'
import { applyToWatchedTitles } from './watchedTitles'

/** Every library mutation's key starts with this; the screens fold the pending ones (useLibrary.ts). */
export const libraryMutationKey = ['library'] as const

/**
 * One scope for the signed-in user's library, so changes are sent one after another in the order
 * they were made (and, offline, wait in that order): every change to the watchlist or the log lands
 * on the user's stream, and a move sent before the add it depends on would be refused.
 */
const libraryScope = { id: 'library' }

export const pendingLibraryChanges = (queryClient: QueryClient) =>
  pendingChanges<LibraryChange>(queryClient, libraryMutationKey)

/**
 * The server took the change: fold it into the cached lists, since its overlay goes the moment the
 * mutation settles and the lists are fetched again only once nothing else is on its way.
 */
function confirm(queryClient: QueryClient, change: LibraryChange): void {
  // A fetch that started before this answer may not hold it: drop it, the refetch after the last change will.
  void queryClient.cancelQueries({ queryKey: libraryKeys.all })
  queryClient.setQueryData<WatchlistItem[]>(
    libraryKeys.watchlist(),
    (items) => items && applyToWatchlist(items, change),
  )
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<Page<WatchedItem>>>({
    queryKey: libraryKeys.watchedLists(),
  })) {
    const [, , filters] = key as ReturnType<typeof libraryKeys.watched>
    if (data) queryClient.setQueryData(key, confirmInPages(data, change, filters))
  }
  queryClient.setQueryData<WatchedTitle[]>(
    libraryKeys.watchedTitles(),
    (titles) => titles && applyToWatchedTitles(titles, change),
  )
  for (const [key, status] of queryClient.getQueriesData<TitleStatus>({ queryKey: libraryKeys.statuses() })) {
    const [, , mediaType, tmdbId] = key as [string, string, MediaType, number]
    if (status) queryClient.setQueryData(key, applyToStatus(status, { mediaType, tmdbId }, change))
  }
}

/**
 * The request client for one change: every try of it sends the change's own idempotency key, so a
 * change whose answer was lost (and is tried again: lib/waitingChanges) is done once by the server: a watch
 * logged twice would be two diary entries.
 */
const keyedFor = (requests: LibraryRequests, { idempotencyKey }: { idempotencyKey?: string }): LibraryRequests => ({
  get: (path) => requests.get(path),
  send: (method, path, body) => requests.send(method, path, body, idempotencyKey ? { idempotencyKey } : {}),
})

/**
 * The change as the server took it: a new watch under the id the server gave it, not the one made up
 * on the device. The log may already hold it under that id (fetched while the answer was on its
 * way), and the made-up one was put in beside it: the watch showed twice until the next fetch.
 */
export function withServerIds<Change extends LibraryChange>(change: Change, answer: ChangeAnswer): Change {
  const entryId = (answer as { entryId?: unknown } | undefined)?.entryId
  if (change.kind !== 'markWatched' || typeof entryId !== 'string') return change
  return { ...change, entry: { ...change.entry, id: entryId } }
}

/** The server's refusal that says the list is already as the change meant it to be. */
const refusedAs = (error: unknown, status: number, message: string): boolean =>
  isApiError(error) && error.status === status && error.message === message

/**
 * An add or a removal made while another device did the same (this one offline, its change waiting):
 * the server refuses it, as the title is already on the list, or already off it. The member wanted it
 * there, or gone, and so it is: the change is done, not failed (a red "Couldn't add Jaws" said the
 * opposite of the truth). The list is fetched again once the changes settle, so it shows the server's
 * item, with the note the other device gave it; a note typed with this add is given back to copy.
 */
function doneIfAlreadySo<Change extends LibraryChange>(
  send: (change: Change, client: LibraryRequests) => Promise<ChangeAnswer>,
  already: { status: number; message: string; told?: (change: Change) => void },
): (change: Change, client: LibraryRequests) => Promise<ChangeAnswer> {
  return async (change, client) => {
    try {
      return await send(change, client)
    } catch (error) {
      if (!refusedAs(error, already.status, already.message)) throw error
      already.told?.(change)
      return {}
    }
  }
}

/** The words of an add that found its title there already: that title keeps the note it has. */
function tellNoteNotAdded({ item }: LibraryChangeOf<'addToWatchlist'>): void {
  if (!item.note) return
  const words = item.note
  toast({
    title: `${item.title} was already on your watchlist`,
    description: `It keeps the note it has there. Yours: “${shortened(words)}”`,
    action: { label: 'Copy yours', altText: 'Copy your note', onClick: () => copyWords(words) },
  })
}

const alreadyOnList = { status: 409, message: alreadyOnWatchlistMessage }

/**
 * An add or a log the server took is a "Get started" step done, kept for home's card even when done
 * on a title's page: the log then took the title off the watchlist, and home saw an empty one.
 */
function keepGettingStartedStep(change: LibraryChange): void {
  const step = change.kind === 'addToWatchlist' ? 'watchlist' : change.kind === 'markWatched' ? 'watched' : null
  if (step) keepStepDone(signedInAsFor(change.idempotencyKey), step)
}

/** One mutation per action: its key names the action, its variables are the change the screens fold. */
function libraryMutation<Change extends LibraryChange>(
  requests: LibraryRequests,
  action: string,
  send: (change: Change, client: LibraryRequests) => Promise<ChangeAnswer>,
  failure: (change: Change) => string,
) {
  return mutationOptions<ChangeAnswer, Error, Change>({
    mutationKey: [...libraryMutationKey, action],
    scope: libraryScope,
    ...waitingChange<Change, ChangeAnswer>((change, keyed) => send(change, keyedFor(requests, keyed))),
    onSuccess: (answer, change, _result, { client }) => {
      keepGettingStartedStep(change)
      confirm(client, withServerIds(change, answer))
    },
    onError: (error, change) => tellRefusal(failure(change), error),
    onSettled: (_answer, _error, change, _result, { client }) => {
      waitingChangeSettled(change)
      return refetchOnceSettled(client, libraryMutationKey, libraryKeys.all)
    },
  })
}

/** How a change that carries typed words (a note, a review) says them back when it is refused. */
interface TypedWords<Change> {
  title: string
  /** The words typed, whole, when the change has any. */
  words: (change: Change) => string | null | undefined
  yours: (change: Change) => string
}

/**
 * A refused change that carried words the person typed gives them back: the toast quotes them and
 * "Copy yours" puts them whole on the clipboard. The dialog that took them has closed (it closes as
 * the change is made), so a refusal (the title or entry taken off on another device, 404; signed out
 * or signed in as someone else in another tab, 401) would otherwise lose a review for good.
 */
function keepingWords<Change extends LibraryChange>(
  mutation: ReturnType<typeof libraryMutation<Change>>,
  how: TypedWords<Change>,
): ReturnType<typeof libraryMutation<Change>> {
  return {
    ...mutation,
    onError: (error, change, result, context) => {
      const words = how.words(change)
      if (!isApiError(error) || error.status < 400 || !words) return mutation.onError?.(error, change, result, context)
      tellRefusalGivingWordsBack(how.title, error, words, how.yours(change))
    },
  }
}

/**
 * A change made against words another device may have changed since this one showed them (a
 * watchlist note, a review). When the server says so (409), the other device's words stay and the
 * user chooses: the toast gives their refused words back, and "Save mine" sends them again as a plain
 * change, without the basis. Any other refusal gives the words back to copy (`keepingWords`).
 */
function askingWhenChangedElsewhere<Change extends LibraryChange>(
  mutation: ReturnType<typeof libraryMutation<Change>>,
  how: TypedWords<Change> & {
    basis: (change: Change) => string | null | undefined
    saveMine: { altText: string; change: (change: Change) => Change }
  },
): ReturnType<typeof libraryMutation<Change>> {
  const keeping = keepingWords(mutation, how)
  const asking: ReturnType<typeof libraryMutation<Change>> = {
    ...mutation,
    onError: (error, change, result, context) => {
      if (!isApiError(error) || error.status !== 409 || how.basis(change) === undefined)
        return keeping.onError?.(error, change, result, context)
      tellRefused({
        title: how.title,
        reason: `${sentence(error.message)} ${how.yours(change)}`,
        action: {
          label: 'Save mine',
          altText: how.saveMine.altText,
          onClick: () =>
            void new MutationObserver(context.client, asking)
              .mutate(how.saveMine.change(change))
              .catch(() => undefined),
        },
      })
    },
  }
  return asking
}

/** The library's mutations, sending through `requests` (the app's request client, as the queries do). */
export function libraryMutations(requests: LibraryRequests) {
  const add = doneIfAlreadySo(
    ({ item }: LibraryChangeOf<'addToWatchlist'>, client: LibraryRequests) =>
      libraryCalls.addToWatchlist(client, item, item.note ?? undefined),
    { ...alreadyOnList, told: tellNoteNotAdded },
  )
  // A change queued offline by an older version says only the place number.
  const move = ({ ref, toIndex, place }: LibraryChangeOf<'moveOnWatchlist'>, client: LibraryRequests) =>
    libraryCalls.moveOnWatchlist(client, ref, place ?? { toIndex })
  const mark = ({ entry, removeFromWatchlist, serverClock }: LibraryChangeOf<'markWatched'>, client: LibraryRequests) =>
    libraryCalls.markWatched(client, {
      tmdbId: entry.tmdbId,
      mediaType: entry.mediaType,
      ...(serverClock ? {} : { watchedAt: entry.watchedAt }),
      ...(entry.watchedOn === null ? {} : { watchedOn: entry.watchedOn }),
      rating: entry.rating,
      recommend: entry.recommend,
      review: entry.review,
      containsSpoilers: entry.containsSpoilers,
      streamingService: entry.streamingService,
      isPrivate: entry.isPrivate,
      removeFromWatchlist,
    })
  const noteEdit = libraryMutation(
    requests,
    'editWatchlistNote',
    ({ ref, note, previousNote }: LibraryChangeOf<'editWatchlistNote'>, client) =>
      libraryCalls.editWatchlistNote(client, ref, note, previousNote),
    () => "Couldn't save the note",
  )
  const editWatchlistNote: typeof noteEdit = askingWhenChangedElsewhere(noteEdit, {
    title: "Couldn't save the note",
    basis: (change) => change.previousNote,
    words: (change) => change.note,
    yours: (change) => (change.note === null ? 'Yours was to clear it.' : `Yours: “${shortened(change.note)}”`),
    saveMine: {
      altText: 'Save your note over the one from the other device',
      change: (change) => libraryChange.editWatchlistNote(change.ref, change.note),
    },
  })
  const watchedEdit = libraryMutation(
    requests,
    'editWatched',
    ({ entryId, changes, previousReview }: LibraryChangeOf<'editWatched'>, client) =>
      libraryCalls.editWatched(client, entryId, changes, previousReview),
    () => "Couldn't save your changes",
  )
  const editWatched: typeof watchedEdit = askingWhenChangedElsewhere(watchedEdit, {
    title: "Couldn't save your changes",
    basis: (change) => change.previousReview,
    words: (change) => change.changes.review,
    yours: (change) =>
      change.changes.review ? `Yours: “${shortened(change.changes.review)}”` : 'Yours was to clear it.',
    saveMine: {
      altText: 'Save your review over the one from the other device',
      change: (change) => libraryChange.editWatched(change.entryId, change.changes),
    },
  })
  return {
    addToWatchlist: libraryMutation(
      requests,
      'addToWatchlist',
      add,
      ({ item }) => `Couldn't add ${item.title} to your watchlist`,
    ),
    putBackOnWatchlist: libraryMutation(
      requests,
      'putBackOnWatchlist',
      doneIfAlreadySo(
        ({ item }: LibraryChangeOf<'addToWatchlist'>, client) => libraryCalls.putBackOnWatchlist(client, item),
        alreadyOnList,
      ),
      ({ item }) => `Couldn't put ${item.title} back on your watchlist`,
    ),
    removeFromWatchlist: libraryMutation(
      requests,
      'removeFromWatchlist',
      doneIfAlreadySo(
        ({ ref }: LibraryChangeOf<'removeFromWatchlist'>, client) => libraryCalls.removeFromWatchlist(client, ref),
        { status: 404, message: notOnWatchlistMessage },
      ),
      ({ title }) => `Couldn't remove ${title} from your watchlist`,
    ),
    moveOnWatchlist: libraryMutation(requests, 'moveOnWatchlist', move, () => "Couldn't move that title"),
    editWatchlistNote,
    markWatched: keepingWords(
      libraryMutation(requests, 'markWatched', mark, ({ entry }) => `Couldn't log ${entry.title} as watched`),
      {
        title: "Couldn't log your watch",
        words: (change) => change.entry.review,
        yours: (change) => `Your review: “${shortened(change.entry.review ?? '')}”`,
      },
    ),
    putBackWatched: libraryMutation(
      requests,
      'putBackWatched',
      ({ entry }: LibraryChangeOf<'markWatched'>, client) => libraryCalls.putBackWatched(client, entry.id),
      ({ entry }) => `Couldn't put your entry for ${entry.title} back`,
    ),
    editWatched,
    removeWatched: libraryMutation(
      requests,
      'removeWatched',
      ({ entryId }: LibraryChangeOf<'removeWatched'>, client) => libraryCalls.removeWatched(client, entryId),
      () => "Couldn't remove that entry",
    ),
  }
}

export type LibraryMutations = ReturnType<typeof libraryMutations>
