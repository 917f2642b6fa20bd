import type { LibraryRequests } from './libraryCalls'

// Placeholder until the shell's request client lands.
export const libraryRequests: LibraryRequests = {
  get: () => Promise.reject(new Error('request client missing')),
  send: () => Promise.reject(new Error('request client missing')),
}

export function tellRefusal(message: string): void {
  console.error(message)
}
