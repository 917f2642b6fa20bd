import { describe, expect, it } from 'vitest'
import { TurnsPerKey } from './turnsPerKey'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('turns per key', () => {
  it('runs the work of one key one at a time, in arrival order, and other keys beside it', async () => {
    const turns = new TurnsPerKey()
    const log: string[] = []
    const step = (key: string, n: number) =>
      turns.run(key, async () => {
        log.push(`${key}${n} start`)
        await tick()
        log.push(`${key}${n} end`)
        return n
      })
    const answers = await Promise.all([step('a', 1), step('a', 2), step('b', 1), step('a', 3)])
    expect(answers).toEqual([1, 2, 1, 3])
    const ofA = log.filter((line) => line.startsWith('a'))
    expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end'])
    // b did not wait for a's turns.
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'))
  })

  it('goes on after a turn that failed, and hands its failure to its own caller only', async () => {
    const turns = new TurnsPerKey()
    const failed = turns.run('a', async () => {
      await tick()
      throw new Error('refused')
    })
    const next = turns.run('a', async () => 'ran')
    await expect(failed).rejects.toThrow('refused')
    await expect(next).resolves.toBe('ran')
  })

  it('counts exactly what a check-then-write sees when asked all at once', async () => {
    const turns = new TurnsPerKey()
    let stored = 0
    const limit = 3
    const attempt = () =>
      turns.run('sender', async () => {
        const seen = stored
        await tick()
        if (seen >= limit) return 'refused'
        stored = seen + 1
        return 'sent'
      })
    const answers = await Promise.all(Array.from({ length: 10 }, attempt))
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(limit)
    expect(stored).toBe(limit)
  })
})
