// The verdict on one reftest, by the rules of ../shared/wpt/README.md (WPT's, plus one against blank renders):
// a `match` reference must render equal to the test, or within the test's `fuzzy` allowance; a `mismatch`
// reference must not; with several references all must hold; a reference that renders as one colour fails the
// test unless Chromium's render of it is one colour too; a render that failed (an error, the time limit) fails it.
import type { PixelDifference } from './pixel-difference.js'
import type { WptFuzzy, WptRef, WptTest } from './wpt-manifest.js'

/** What the judge may ask of the renders, by file (the runner decodes them lazily and caches). */
export interface RenderedFiles {
  /** Why the file has no render (its error or the time limit), or null when it rendered. */
  failure(file: string): string | null
  difference(a: string, b: string): Promise<PixelDifference>
  oneColour(file: string): Promise<boolean>
}

export interface Verdict {
  pass: boolean
  /** Why it failed, naming the reference; null when it passed. */
  reason: string | null
}

/** wptrunner's check_pass: equal within the allowance (an allowance whose range starts at 0 accepts no difference at all). */
export function equalWithin(d: PixelDifference, fuzzy: WptFuzzy | undefined): boolean {
  if (!fuzzy) return d.pixels === 0
  const [minDiff, maxDiff] = fuzzy.maxDifference
  const [minPixels, maxPixels] = fuzzy.totalPixels
  return (d.pixels === 0 && minPixels === 0) || (d.maxDifference === 0 && minDiff === 0) ||
    (minDiff <= d.maxDifference && d.maxDifference <= maxDiff && minPixels <= d.pixels && d.pixels <= maxPixels)
}

function fuzzyFor(test: WptTest, ref: WptRef): WptFuzzy | undefined {
  return test.fuzzy.find((f) => f.ref === ref.path) ?? test.fuzzy.find((f) => f.ref === null)
}

export async function judgeReftest(test: WptTest, files: RenderedFiles): Promise<Verdict> {
  const failed = files.failure(test.file)
  if (failed) return { pass: false, reason: `test: ${failed}` }
  for (const ref of test.refs) {
    const refFailed = files.failure(ref.file)
    if (refFailed) return { pass: false, reason: `${ref.path}: ${refFailed}` }
    if (!ref.chromiumBlank && await files.oneColour(ref.file)) {
      return { pass: false, reason: `${ref.path} renders as one colour (Chromium's render of it does not)` }
    }
    const d = await files.difference(test.file, ref.file)
    const equal = equalWithin(d, fuzzyFor(test, ref))
    if (ref.rel === 'match' && !equal) {
      return { pass: false, reason: `differs from ${ref.path}: ${d.pixels} px, largest channel difference ${d.maxDifference}` }
    }
    if (ref.rel === 'mismatch' && equal) return { pass: false, reason: `equals the mismatch reference ${ref.path}` }
  }
  return { pass: true, reason: null }
}
