export { DomainError, type Decider } from './decider'
export {
  ConcurrentChange,
  handleCommand,
  loadState,
  type CommandMetadata,
  type HandleCommandInput,
  type HandledCommand,
} from './handleCommand'
export { createStateCache, stateCacheOf, type CachedState, type StateCache } from './stateCache'
