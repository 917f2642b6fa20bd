import { describe, expect, it } from 'vitest'
import { createSerialQueue } from './serialQueue'

/** A request whose answer the spec decides, so that answers can arrive in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('changes to the library run in the order they were made', () => {
  it('starts a change only after the one before it has answered', async () => {
    const queue = createSerialQueue()
    const started: string[] = []
    const first = deferred<string>()
    const second = deferred<string>()
    const a = queue.run(() => (started.push('add'), first.promise))
    const b = queue.run(() => (started.push('move'), second.promise))
    await Promise.resolve()
    expect(started).toEqual(['add'])
    expect(queue.size).toBe(2)
    second.resolve('moved') // an early answer to a request that was never sent changes nothing
    first.resolve('added')
    expect(await a).toBe('added')
    expect(await b).toBe('moved')
    expect(started).toEqual(['add', 'move'])
    expect(queue.size).toBe(0)
  })

  it('goes on with the next change when one fails, and reports the failure to its caller', async () => {
    const queue = createSerialQueue()
    const order: string[] = []
    const failing = queue.run(() => {
      order.push('remove')
      return Promise.reject(new Error('This title is not on your watchlist.'))
    })
    const next = queue.run(() => {
      order.push('add')
      return Promise.resolve('added')
    })
    await expect(failing).rejects.toThrow('not on your watchlist')
    expect(await next).toBe('added')
    expect(order).toEqual(['remove', 'add'])
  })

  it('no longer counts a change once its caller hears the answer', async () => {
    const queue = createSerialQueue()
    const sizes: number[] = []
    await Promise.all([
      queue.run(() => Promise.resolve()).then(() => sizes.push(queue.size)),
      queue.run(() => Promise.resolve()).then(() => sizes.push(queue.size)),
    ])
    expect(sizes).toEqual([1, 0])
  })
})
