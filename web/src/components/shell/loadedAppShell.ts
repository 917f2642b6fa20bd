import type { AppShell } from './AppShell'

/**
 * The app's frame once its module has run: the signed-in routes import it with their code, open
 * pages load it only for a signed-in reader. An open page reached from a signed-in one uses it at
 * once instead of suspending for a lazy load of a module that is already there.
 */
export const loadedAppShell: { component?: typeof AppShell } = {}
