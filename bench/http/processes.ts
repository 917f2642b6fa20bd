import { fork, spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../services/gateway/test/serverProcess'
import type { Load, LoadFigures } from './loadGenerator'
import { ensureServerBuild } from '../../scripts/ensureServerBuild'

const repoRoot = join(import.meta.dirname, '..', '..')

export interface Process {
  url: string
  stop: () => Promise<void>
}

async function answering(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} in time`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function stopper(child: ChildProcess, cleanUp = () => {}): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    cleanUp()
  }
}

/**
 * The gateway as `npm start` runs it (its bundle, `node --enable-source-maps dist/gateway/main.mjs`,
 * logging on at the default level), on 127.0.0.1 and a free port with a fresh DATA_DIR. Its log goes to a file
 * in that directory, as it would go to a terminal: written by the server, read by nobody.
 * The only setting changed is the auth rate limit, so that the set-up can register a few hundred
 * members from one address. `nodeOptions` go before the script (the profiler passes `--cpu-prof`).
 */
export async function startGateway(nodeOptions: string[] = []): Promise<Process & { logFile: string }> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-bench-'))
  const logFile = join(dataDir, 'server.log')
  const log = openSync(logFile, 'w')
  const env: Record<string, string | undefined> = { ...process.env }
  delete env.LOG_LEVEL
  delete env.NODE_ENV
  const bundle = await ensureServerBuild()
  const child = spawn(process.execPath, [...nodeOptions, '--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '100000' },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const url = `http://127.0.0.1:${port}`
  await answering(`${url}/api/health`, child, `the gateway (log: ${logFile})`)
  return { url, logFile, stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) }
}

/**
 * A hello-world baseline in its own process: bare, or `framed` as the gateway frames its answers
 * (framedHelloWorld.ts), whose log goes to a file as the gateway's does.
 */
export async function startHelloWorld({ framed = false }: { framed?: boolean } = {}): Promise<Process> {
  const port = await freePort()
  const logDir = framed ? mkdtempSync(join(tmpdir(), 'reelmates-bench-hello-')) : undefined
  const log = logDir === undefined ? 'ignore' : openSync(join(logDir, 'server.log'), 'w')
  const script = framed ? 'framedHelloWorld.ts' : 'helloWorld.ts'
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
    cwd: repoRoot,
    env: { ...process.env, HELLO_PORT: String(port) },
    stdio: ['ignore', log, 'inherit'],
  })
  if (typeof log === 'number') closeSync(log)
  const url = `http://127.0.0.1:${port}`
  await answering(`${url}/hello`, child, `the ${framed ? 'framed ' : ''}hello-world server`)
  return {
    url,
    stop: stopper(child, () => {
      if (logDir !== undefined) rmSync(logDir, { recursive: true, force: true })
    }),
  }
}

export interface LoadGenerator {
  run: (load: Load) => Promise<LoadFigures>
  stop: () => Promise<void>
}

/** autocannon in a process of its own, taking one load at a time. */
export function startLoadGenerator(): LoadGenerator {
  const child = fork(join(import.meta.dirname, 'loadGenerator.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let next = 0
  const waiting = new Map<number, { resolve: (f: LoadFigures) => void; reject: (e: Error) => void }>()
  child.on('message', (message: { id: number; figures?: LoadFigures; error?: string }) => {
    const pending = waiting.get(message.id)
    waiting.delete(message.id)
    if (message.figures) pending?.resolve(message.figures)
    else pending?.reject(new Error(`load generator: ${message.error}`))
  })
  child.once('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`load generator exited with ${code}`))
  })
  return {
    run: (load) =>
      new Promise((resolve, reject) => {
        const id = next++
        waiting.set(id, { resolve, reject })
        child.send({ id, load })
      }),
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.disconnect()
      child.kill('SIGTERM')
      await exited
    },
  }
}
