import type { Locator, Page } from '@playwright/test'

/**
 * Chooses one of a watchlist item's actions from its "More actions" menu (the grid at every width,
 * the list on a phone), by press: a mouse click or a finger's tap.
 */
export async function chooseWatchlistAction(
  page: Page,
  title: string,
  action:
    | 'Add a note'
    | 'Edit note'
    | 'Move earlier'
    | 'Move later'
    | 'Move up'
    | 'Move down'
    | 'Move to top'
    | 'Move to bottom'
    | 'Remove from watchlist',
  input: 'mouse' | 'touch' = 'mouse',
): Promise<void> {
  const press = (locator: Locator) => (input === 'touch' ? locator.tap() : locator.click())
  await press(page.getByRole('button', { name: `More actions for ${title}`, exact: true }))
  await press(page.getByRole('menu').getByRole('menuitem', { name: action, exact: true }))
}
