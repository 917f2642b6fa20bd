import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdWaitingChanges, waitingChange } from './waitingChanges'

/** The app's client as main.tsx sets it up: mounted, so it resumes paused changes itself when online. */
function pageClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  client.mount()
  return client
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a change waiting while Log out is under way', () => {
  let client: QueryClient
  beforeEach(() => {
    client = pageClient()
    onlineManager.setOnline(false)
  })
  afterEach(() => {
    client.unmount()
    onlineManager.setOnline(true)
  })

  function waitingAdd(send: () => Promise<string>) {
    const change = { idempotencyKey: 'add-casablanca' }
    const mutation = client.getMutationCache().build(client, waitingChange(send))
    const done = mutation.execute(change).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    )
    return { change, mutation, done }
  }

  it('is not sent when the logout’s answer brings the server back, until the logout is done', async () => {
    const send = vi.fn(() => Promise.resolve('added'))
    const { done } = waitingAdd(send)
    const release = holdWaitingChanges()

    onlineManager.setOnline(true)
    await flush()
    expect(send).not.toHaveBeenCalled()

    // The logout failed: still signed in, the change goes as it would have.
    release()
    await expect(done).resolves.toEqual({ answer: 'added' })
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('is never sent, nor settled, once the logout has discarded it', async () => {
    const send = vi.fn(() => Promise.resolve('added'))
    const { change, mutation, done } = waitingAdd(send)
    const release = holdWaitingChanges()
    onlineManager.setOnline(true)
    await flush()

    release([change])
    const settled = vi.fn()
    void done.then(settled)
    await flush()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(send).not.toHaveBeenCalled()
    expect(settled).not.toHaveBeenCalled()
    expect(mutation.state.status).toBe('pending')
  })

  it('made after the logout is sent as any other', async () => {
    holdWaitingChanges()([{ idempotencyKey: 'another' }])
    onlineManager.setOnline(true)
    const send = vi.fn(() => Promise.resolve('added'))
    await expect(waitingAdd(send).done).resolves.toEqual({ answer: 'added' })
  })
})
