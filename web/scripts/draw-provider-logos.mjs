// Draws the five streaming services' logo tiles under web/public/logos/png/ with Debian's Chromium.
// They are wordmarks in each service's colours, not the services' artwork, which we have no licence for.
// Run: node web/scripts/draw-provider-logos.mjs  (then bump logoVersion in features/catalog/providers.ts)
import { chromium } from 'playwright-core'
import { fileURLToPath } from 'node:url'

const out = fileURLToPath(new URL('../public/logos/png/', import.meta.url))
const tiles = [
  {
    file: 'netflix.png',
    bg: '#000',
    html: '<b style="color:#e50914;font:900 36px/1 Impact,\'DejaVu Sans Condensed\',sans-serif;letter-spacing:-1px;transform:scaleY(1.35)">NETFLIX</b>',
  },
  {
    file: 'amazon-prime-video.png',
    bg: '#0f171e',
    html: '<div style="color:#fff;font:700 40px/1 \'DejaVu Sans\',sans-serif;text-align:center">prime<br><span style="color:#00a8e1;font-weight:400;font-size:34px">video</span><div style="margin:6px auto 0;width:90px;height:8px;border-radius:0 0 60px 60px;border-bottom:5px solid #00a8e1"></div></div>',
  },
  {
    file: 'disney-plus.png',
    bg: 'radial-gradient(circle at 50% 30%,#1b4db3,#0b1437 75%)',
    html: '<div style="color:#fff;font:italic 700 36px/1 \'DejaVu Serif\',serif">Disney<span style="font-style:normal;color:#bfe0ff">+</span></div>',
  },
  {
    file: 'hbo-max.png',
    bg: 'linear-gradient(150deg,#5b2bd1,#1c0a4a)',
    html: '<div style="color:#fff;text-align:center"><div style="font:900 50px/1 \'DejaVu Sans\',sans-serif;letter-spacing:2px">HBO</div><div style="font:700 40px/1 \'DejaVu Sans\',sans-serif;letter-spacing:3px">max</div></div>',
  },
  {
    file: 'hulu.png',
    bg: '#0b0c0f',
    html: '<b style="color:#1ce783;font:800 64px/1 \'DejaVu Sans\',sans-serif;letter-spacing:-2px">hulu</b>',
  },
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: 192, height: 192 } })
for (const tile of tiles) {
  await page.setContent(
    `<body style="margin:0"><div id="tile" style="width:192px;height:192px;display:flex;align-items:center;justify-content:center;background:${tile.bg}">${tile.html}</div></body>`,
  )
  await page.locator('#tile').screenshot({ path: `${out}${tile.file}` })
}
await browser.close()
