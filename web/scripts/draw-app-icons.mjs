// Draws the app icons under web/public/icons/ from the Reelmates mark with Debian's Chromium.
// Run: node web/scripts/draw-app-icons.mjs
import { chromium } from 'playwright-core'
import { fileURLToPath } from 'node:url'

const out = fileURLToPath(new URL('../public/icons/', import.meta.url))
const mark = (size, inset) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${inset ? 0 : 14}" fill="#0b0b12"/>
  <g transform="translate(${inset ? 9.6 : 0} ${inset ? 9.6 : 0}) scale(${inset ? 0.7 : 1})">
    <rect x="4" y="14" width="34" height="36" rx="8" fill="#ff5a5f"/>
    <rect x="26" y="14" width="34" height="36" rx="8" fill="#ffc857" fill-opacity=".92"/>
    <path d="M27 24l12 8-12 8z" fill="#0b0b12"/>
  </g>
</svg>`
const icons = [
  { file: 'icon-192.png', size: 192, inset: false },
  { file: 'icon-512.png', size: 512, inset: false },
  // Maskable icons are cropped to a circle or squircle by the launcher: keep the mark in the safe zone.
  { file: 'maskable-512.png', size: 512, inset: true },
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
  await page.setContent(`<body style="margin:0;background:transparent">${mark(icon.size, icon.inset)}</body>`)
  await page.locator('svg').screenshot({ path: `${out}${icon.file}`, omitBackground: true })
  await page.close()
}
await browser.close()
