import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as toasts from '../../lib/toast'
import { notificationsKeys } from '../notifications/queries'
import { answerRecommendation } from './mutations'
import { recommendationCalls } from './recommendationCalls'

afterEach(() => vi.restoreAllMocks())

describe('a recommendation answered', () => {
  it('has the bell asked again at once: its line has left it, and the count says so', async () => {
    vi.spyOn(toasts, 'toast').mockReturnValue({ id: '1', dismiss: () => undefined, update: () => undefined })
    vi.spyOn(recommendationCalls, 'answer').mockResolvedValue({} as never)
    const client = new QueryClient()
    const invalidated = vi.spyOn(client, 'invalidateQueries')
    await new MutationObserver(client, answerRecommendation).mutate({
      id: 'r1',
      answer: 'dismiss',
      title: 'Dune',
      idempotencyKey: 'k1',
    })
    expect(invalidated).toHaveBeenCalledWith({ queryKey: notificationsKeys.list() })
  })

  it('says "Added to your watchlist" of a title it added, and not of one that was there already', async () => {
    const told = vi
      .spyOn(toasts, 'toast')
      .mockReturnValue({ id: '1', dismiss: () => undefined, update: () => undefined })
    vi.spyOn(recommendationCalls, 'answer').mockResolvedValue({} as never)
    const client = new QueryClient()
    const accept = (listedAlready: boolean) =>
      new MutationObserver(client, answerRecommendation).mutate({
        id: 'r1',
        answer: 'accept',
        title: 'Dune',
        ...(listedAlready ? { listedAlready } : {}),
        idempotencyKey: 'k1',
      })
    await accept(false)
    expect(told).toHaveBeenLastCalledWith({ title: 'Added to your watchlist', description: 'Dune', variant: 'success' })
    await accept(true)
    expect(told).toHaveBeenLastCalledWith({
      title: 'Accepted',
      description: 'Dune is on your watchlist already',
      variant: 'success',
    })
  })
})
