/**
 * Self time of a V8 `.cpuprofile` (as `node --cpu-prof` writes it), summed by function and by the
 * package or source file it lives in, printed as the top rows of each. Idle and GC are rows of their own.
 * `node --import tsx bench/profile/summariseProfile.ts <file.cpuprofile>` runs it on its own.
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  children?: number[]
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface Profile {
  nodes: ProfileNode[]
  /** Microseconds on the machine's monotonic clock (CLOCK_MONOTONIC, as `process.hrtime`). */
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** A stretch of the monotonic clock in microseconds (`process.hrtime.bigint() / 1000n`). */
export interface ProfileWindow {
  from: number
  to: number
}

function placeOf(url: string): string {
  if (url === '') return '(native)'
  const inModules = url.lastIndexOf('node_modules/')
  if (inModules >= 0) {
    const [scope, name] = url.slice(inModules + 'node_modules/'.length).split('/')
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? url)
  }
  if (url.startsWith('node:')) return url
  const repo = url.indexOf('/services/') >= 0 ? url.indexOf('/services/') : url.indexOf('/infra/')
  return repo >= 0 ? url.slice(repo + 1) : url
}

function top(totals: Map<string, number>, all: number, rows: number) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: `${((100 * micros) / all).toFixed(1)}%` }))
}

/**
 * With a `window`, only the samples taken within it count: the load, not the start-up and the set-up
 * before it (registrations, thousands of writes) or the shutdown after it.
 */
export function summariseProfile(file: string, rows = 40, window?: ProfileWindow): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const byFunction = new Map<string, number>()
  const byPlace = new Map<string, number>()
  // Inclusive time: every function on the stack of a sample, counted once per sample.
  const inclusive = new Map<string, number>()
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    return `${functionName || '(anonymous)'} ${placeOf(url)}${url ? `:${lineNumber + 1}` : ''}`
  }
  let all = 0
  let idle = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0
    at += micros
    if (window && (at < window.from || at > window.to)) return
    const node = byId.get(id)
    if (!node) return
    const { functionName, url } = node.callFrame
    all += micros
    if (functionName === '(idle)') idle += micros
    const place = placeOf(url)
    const name = nameOf(node)
    const onStack = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)
      if (frame) onStack.add(nameOf(frame))
    }
    for (const frame of onStack) inclusive.set(frame, (inclusive.get(frame) ?? 0) + micros)
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros)
  })
  const within = window ? ` within the load's ${Math.round((window.to - window.from) / 1000)} ms` : ''
  console.log(`${Math.round(all / 1000)} ms sampled${within}, ${Math.round(idle / 1000)} ms idle`)
  if (all === 0) return
  console.table(top(byPlace, all, 25))
  console.table(top(byFunction, all, rows))
  console.log("inclusive (on the stack), the project's own code and its plugins:")
  const ours = new Map(
    [...inclusive].filter(([name]) => /services\/|infra\/|dist\/gateway|@fastify|fastify|pino|zod/.test(name)),
  )
  console.table(top(ours, all, rows))
}

if (import.meta.url === `file://${process.argv[1]}`) summariseProfile(process.argv[2]!)
