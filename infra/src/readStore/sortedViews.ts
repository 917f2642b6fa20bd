import type { CollectionIndex } from './indexes'
import type { Doc } from './port'

/** How many sorted lists one collection keeps; past it, the oldest is dropped. */
const MAX_VIEWS = 1_000

/**
 * The sorted matches of filters that one index entry answers exactly (`{ userId }` on a
 * `{ userId, order }` index), kept from one read to the next until a write touches a document of that
 * entry. The embedded indexes find by equality, not in order, so every page of a list sorted all of
 * its matches again (a watchlist of 500 on every page read); people read their lists far more often
 * than they change them. A kept list is the same array of stored documents the sort gave, so a read
 * through it answers exactly what sorting again would (docs/performance.md).
 */
export class SortedViews {
  /** By entry (index, field count, key): the entry, and by sort its stored documents in order. */
  private readonly views = new Map<string, View>()
  /** How many kept entries each index has at each field count: what a write must look at. */
  private readonly watched = new Map<CollectionIndex, Map<number, number>>()

  get(index: CollectionIndex, fieldCount: number, key: string, sort: string): readonly Doc[] | undefined {
    return this.views.get(entryName(index, fieldCount, key))?.bySort.get(sort)
  }

  set(index: CollectionIndex, fieldCount: number, key: string, sort: string, docs: readonly Doc[]): void {
    const name = entryName(index, fieldCount, key)
    let view = this.views.get(name)
    if (view === undefined) {
      if (this.views.size >= MAX_VIEWS) this.drop(this.views.keys().next().value ?? '')
      this.views.set(name, (view = { index, fieldCount, bySort: new Map() }))
      const counts = this.watched.get(index) ?? new Map<number, number>()
      counts.set(fieldCount, (counts.get(fieldCount) ?? 0) + 1)
      this.watched.set(index, counts)
    }
    view.bySort.set(sort, docs)
  }

  /** A document is written (`before` → `after`, either absent): the lists of the entries holding either go. */
  written(before: Doc | undefined, after: Doc | undefined): void {
    if (this.views.size === 0) return
    for (const [index, counts] of [...this.watched]) {
      for (const fieldCount of [...counts.keys()]) {
        for (const doc of [before, after]) {
          if (doc === undefined) continue
          for (const key of index.entryKeys(doc, fieldCount)) this.drop(entryName(index, fieldCount, key))
        }
      }
    }
  }

  /** Documents came in another way, or the indexes changed: nothing kept holds any more. */
  clear(): void {
    this.views.clear()
    this.watched.clear()
  }

  private drop(name: string): void {
    const view = this.views.get(name)
    if (view === undefined) return
    this.views.delete(name)
    const counts = this.watched.get(view.index)
    const left = (counts?.get(view.fieldCount) ?? 1) - 1
    if (left > 0) counts?.set(view.fieldCount, left)
    else counts?.delete(view.fieldCount)
    if (counts?.size === 0) this.watched.delete(view.index)
  }
}

interface View {
  index: CollectionIndex
  fieldCount: number
  bySort: Map<string, readonly Doc[]>
}

const entryName = (index: CollectionIndex, fieldCount: number, key: string) =>
  `${index.definition.name}\n${fieldCount}\n${key}`
