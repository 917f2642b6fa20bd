import {
  useMutation,
  useMutationState,
  type MutationKey,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query'
import { shortenText } from '@reelmates/contracts/text'
import { useCallback } from 'react'
import { tellRefused } from './refusedChanges'

/**
 * The one way the web app changes data (STYLE.md, "Web"; how-to in web/ROUTES.md): a `useMutation`
 * per action, a `scope` where order matters, and screens that fold the variables of the pending
 * mutations (`useMutationState`) onto the server's data. These are the pieces every feature shares.
 */

/**
 * The variables of the changes under `mutationKey` still on their way, those waiting their turn
 * in a scope included, in the order they were made: what a screen folds onto the server's data.
 * A refused or answered change leaves this list by itself.
 */
export function usePendingChanges<TVariables>(mutationKey: MutationKey): TVariables[] {
  return useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as TVariables,
  })
}

/** The same list outside React, e.g. for an undo that has to know what the screen shows now. */
export function pendingChanges<TVariables>(client: QueryClient, mutationKey: MutationKey): TVariables[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as TVariables)
}

/**
 * For `onSettled`: once no change under `mutationKey` is left on its way, fetch `queryKey` again.
 * The request client sends the highest position our changes were answered with (X-Min-Position),
 * so the refetch holds every one of them. Refetching after each change instead would fetch a list
 * fifty times for fifty quick moves, each one waiting for the read model.
 */
export function refetchOnceSettled(client: QueryClient, mutationKey: MutationKey, queryKey: QueryKey): void {
  // The settling change still counts as pending while its onSettled runs.
  if (client.isMutating({ mutationKey }) <= 1) void client.invalidateQueries({ queryKey })
}

/** Typed words as a toast quotes them. */
export const shortened = (text: string) => shortenText(text, 120)
/** The server's message as a sentence, so the words given back read on after it. */
export const sentence = (message: string) => (/[.!?…]$/.test(message) ? message : `${message}.`)

/** Where there is no clipboard (a page not served over https), the toast's words are all there is. */
export function copyWords(words: string): void {
  if (typeof navigator === 'undefined' || !('clipboard' in navigator)) return
  navigator.clipboard.writeText(words).catch(() => undefined)
}

/**
 * For `onError` of a change that carried words the person typed (a note, a review, a comment): the
 * toast quotes them after the server's reason and "Copy yours" puts them whole on the clipboard. The
 * box they were typed in has usually gone (a dialog closed as the change was made, a page left or
 * reloaded while the change waited offline), so otherwise a refusal would lose them for good.
 */
export function tellRefusalGivingWordsBack(
  title: string,
  error: unknown,
  words: string,
  yours: string = `Yours: “${shortened(words)}”`,
): void {
  const message = error instanceof Error && error.message ? `${sentence(error.message)} ` : ''
  tellRefused({
    title,
    reason: `${message}${yours}`,
    action: { label: 'Copy yours', altText: 'Copy your words', onClick: () => copyWords(words) },
  })
}

/**
 * For `onError`: the refused change has already left the screen with its overlay; the toast says
 * which change it was and, when the server gave a reason (409 "already on your watchlist"), why.
 */
export function tellRefusal(title: string, error: unknown): void {
  const message = error instanceof Error ? error.message : ''
  tellRefused({ title, ...(message ? { reason: message } : {}) })
}

/**
 * A `useMutation` as a function to call: resolves true once the server took the change, false
 * when it was refused (the mutation's own `onError` has told the user). The mutation's options
 * live in the mutation cache, so a call still runs to its end after the component unmounts
 * (a removed row, a closed dialog, a toast's Undo).
 */
export function useChange<TData, TVariables>(
  options: UseMutationOptions<TData, Error, TVariables>,
): (variables: TVariables) => Promise<boolean> {
  const { mutateAsync } = useMutation(options)
  return useCallback(
    (variables: TVariables) =>
      mutateAsync(variables).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  )
}
