import type { Locator } from '@playwright/test'

/**
 * How many lines an element's words take on screen: each line box a text node lies on gives it a
 * rectangle of its own, so a word broken over two lines ("Fil / ms") counts two.
 */
export const textLines = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    const tops = new Set<number>()
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.textContent?.trim()) continue
      const words = document.createRange()
      words.selectNodeContents(node)
      for (const rect of words.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top))
    }
    return tops.size
  })

/** Whether an element's content is wider than its box: kept on one line, but cut or spilling out. */
export const overflowsSideways = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element.scrollWidth > element.clientWidth)
