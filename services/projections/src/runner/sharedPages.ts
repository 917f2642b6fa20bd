import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'

/** Reads one page of `$all` after a position. */
export type PageReader = (after: bigint, maxCount: number) => Promise<RecordedEvent[]>

/** How many full pages stay shared: rebuilds started together run within this many pages of each other. */
const SHARED_PAGES = 64

/**
 * Lets rebuilds that replay the log at the same time (the admin's "rebuild every read model") read,
 * decrypt and parse each page once instead of once per read model: a full page is final (the log
 * only grows at its end), so the same events are handed to every rebuild that asks for them, and the
 * parser's per-event cache works across them. A short page, the end of the log, is never kept.
 */
export function sharedPageReader(eventStore: EventStore, capacity = SHARED_PAGES): PageReader {
  const pages = new Map<string, Promise<RecordedEvent[]>>()
  return (after, maxCount) => {
    const key = `${after}:${maxCount}`
    const shared = pages.get(key)
    if (shared) return shared
    const page = eventStore.readAll({ after, maxCount })
    pages.set(key, page)
    if (pages.size > capacity) pages.delete(pages.keys().next().value as string)
    page.then(
      (events) => {
        if (events.length < maxCount) pages.delete(key)
      },
      () => pages.delete(key),
    )
    return page
  }
}
