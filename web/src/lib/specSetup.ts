import { afterEach } from 'vitest'
import { forgetUnreachable } from './connection'

// A request that got no answer in one test (a rejected fetch stub) marks the server out of reach and
// leaves a probe on a timer: the next test starts with the server reachable again.
afterEach(() => forgetUnreachable())
