export type { Projector } from './projector'
export {
  createProjectionRunner,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  type ProjectorState,
  type ProjectorStatus,
  type RunnerLogger,
} from './runner'
export { createPositionWaiters, DEFAULT_READ_YOUR_WRITES_TIMEOUT_MS, type PositionWaiters } from './readYourWrites'
export { RebuildFailed } from './runner/rebuild'
export { CHECKPOINTS } from './runner/checkpoints'
