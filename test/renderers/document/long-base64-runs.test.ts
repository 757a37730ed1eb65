// The scan that sets long base64 runs aside before parsing must find exactly what the regular expression it
// replaced found: every maximal run of at least 256 characters of [A-Za-z0-9+/=], and nothing else.
import t from 'tap'
import { MIN_RUN, setAsideLongRuns } from '../../../renderers/document/long-base64-runs.js'

const LONG_RUN = new RegExp(`[A-Za-z0-9+/=]{${MIN_RUN},}`, 'g')
const mark = (i: number) => `\uE000${i}\uE000`

function byRegExp(html: string): { html: string; runs: string[] } | null {
  const runs: string[] = []
  const out = html.replace(LONG_RUN, (run) => mark(runs.push(run) - 1))
  return runs.length === 0 ? null : { html: out, runs }
}

t.test('the same runs and the same text as the regular expression', async (t) => {
  const b64 = (n: number) => 'QUJD+/9='.repeat(Math.ceil(n / 8)).slice(0, n)
  const cases = [
    '', 'plain words only', b64(255), b64(256), b64(257), `x${b64(256)}`, `${b64(300)}"`,
    `<img src="data:image/png;base64,${b64(3000)}"><p>é — ${b64(255)}</p>${b64(256)}<i>${b64(1000)}</i>`,
    `url(data:font/woff2;base64,${b64(600)})\n${b64(256)} ${b64(256)}`, `ü${b64(400)}ü`,
  ]
  for (const html of cases) t.same(setAsideLongRuns(html, mark), byRegExp(html), JSON.stringify(html.slice(0, 40)))
  // Random mixtures of base64 characters, separators and non-ASCII text around the threshold.
  let seed = 7
  const rand = (n: number) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n }
  for (let k = 0; k < 200; k++) {
    let html = ''
    while (html.length < 3000) html += rand(3) === 0 ? ' <>"\'é€\n;,'[rand(10)] : b64(rand(2) ? rand(300) : 250 + rand(12))
    t.same(setAsideLongRuns(html, mark), byRegExp(html))
  }
})

t.test('runs longer than MIN_RUN, whose end the regexp engine finds, end where the regular expression ends them', async (t) => {
  const b64 = (n: number) => 'QUJD+/9='.repeat(Math.ceil(n / 8)).slice(0, n)
  for (const n of [MIN_RUN * 2 - 1, MIN_RUN * 2, MIN_RUN * 2 + 1, 5000]) {
    for (const html of [b64(n), `${b64(n)}"`, `é${b64(n)}é`, `${'x'.repeat(MIN_RUN - 1)}${b64(n)}`]) t.same(setAsideLongRuns(html, mark), byRegExp(html))
  }
  let seed = 11
  const rand = (n: number) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n }
  for (let k = 0; k < 100; k++) {
    let html = ''
    while (html.length < 8000) html += rand(3) === 0 ? ' <>"\'é€\n;,'[rand(10)] : b64(rand(2000))
    t.same(setAsideLongRuns(html, mark), byRegExp(html))
  }
})
