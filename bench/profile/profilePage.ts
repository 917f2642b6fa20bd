/**
 * `npm run bench:profile-page -- /home [--signed-in]`: one page of the built app as a phone opens
 * it, profiled by the browser's own sampling profiler: the gateway as `npm start` runs it, Debian's
 * Chromium at 390×844 with its CPU slowed 4× (the Lighthouse mobile preset's factor), the page's
 * main thread sampled for 4 s from navigation. Prints the profile's self time by script and by
 * function (`summariseProfile`). Forced layouts are counted in the function that read the layout;
 * style, layout and paint that the browser does on its own show as "(program)".
 * `PAGE_CPU_SLOWDOWN=1` and `PAGE_WIDTH=1350` profile a desktop instead. Needs `npm run build` first.
 */
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { startGateway } from '../http/processes'
import { register } from '../http/members'
import { summariseProfile } from './summariseProfile'

const path = process.argv.find((arg, index) => index >= 2 && arg.startsWith('/')) ?? '/sign_in'
const signedIn = process.argv.includes('--signed-in')
const slowdown = Number(process.env.PAGE_CPU_SLOWDOWN ?? 4)
const width = Number(process.env.PAGE_WIDTH ?? 390)

const gateway = await startGateway()
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 940 : 844 } })
  if (signedIn) {
    const member = await register(gateway.url, 'page_profiler')
    await context.setExtraHTTPHeaders({ Cookie: member.cookieHeader() })
  }
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto(gateway.url + path)
  await page.waitForTimeout(4000)
  const { profile } = await cdp.send('Profiler.stop')
  const file = join(tmpdir(), `reelmates-page-${Date.now()}.cpuprofile`)
  writeFileSync(file, JSON.stringify(profile))
  console.log(`${path}${signedIn ? ' signed in' : ''}, ${width} px wide, CPU ${slowdown}× slower; profile: ${file}`)
  summariseProfile(file)
} finally {
  await browser.close()
  await gateway.stop()
}
