import { PointerSensor } from '@dnd-kit/core'

/** What dnd-kit keeps private and this sensor needs: the document's listeners and the end of a press. */
interface SensorInternals {
  documentListeners: { removeAll: () => void }
  detach: () => void
}

/**
 * dnd-kit's pointer sensor, except that a new touch or click is never eaten after a drag.
 *
 * Once a drag starts, dnd-kit listens for `click` on the document and stops it, so that the click a
 * mouse makes when its button comes up at the end of the drag does not press what lies under it; it
 * removes that listener 50 ms after the drop. A finger that moved makes no click, so the listener is
 * still there for the next tap if it comes within those 50 ms, or later while the page is busy after
 * the drop (the browser handles input before timers): that tap shows its pointer events but its click
 * is stopped, and the person has to tap again. A new press can only start a new gesture, so the stale
 * listener goes as soon as one begins.
 */
export class GestureSafePointerSensor extends PointerSensor {
  constructor(...args: ConstructorParameters<typeof PointerSensor>) {
    super(...args)
    const internals = this as unknown as SensorInternals
    const onNextPress = () => {
      window.removeEventListener('pointerdown', onNextPress, true)
      internals.documentListeners.removeAll()
    }
    const detach = internals.detach.bind(this)
    internals.detach = () => {
      detach()
      window.addEventListener('pointerdown', onNextPress, { capture: true })
    }
  }
}
