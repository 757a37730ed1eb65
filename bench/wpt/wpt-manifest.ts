// The WPT reftests beside the checkout (QUIRE_WPT_DIR, default ../shared/wpt): their manifest, as its README
// describes it. Each test and reference is one self-contained HTML file under tests/.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../src/config.js'

export const WPT_DIR = loadConfig().wptDir

export interface WptRef {
  rel: 'match' | 'mismatch'
  /** The reference's path in WPT. */
  path: string
  /** Its file under tests/. */
  file: string
  /** Chromium renders this reference as a single colour (a blank render of ours may then pass). */
  chromiumBlank: boolean
}

/** WPT's `<meta name="fuzzy">`: ranges [min, max] of the largest channel difference and of differing pixels. */
export interface WptFuzzy {
  /** The reference's WPT path it is for; null = every reference. */
  ref: string | null
  maxDifference: [number, number]
  totalPixels: [number, number]
}

export interface WptTest {
  path: string
  file: string
  /** The directory it is reported under, e.g. CSS2/floats or css-flexbox. */
  group: string
  refs: WptRef[]
  fuzzy: WptFuzzy[]
}

export function loadManifest(dir = WPT_DIR): WptTest[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { tests: WptTest[] }
  return manifest.tests
}

export function testFile(dir: string, file: string): string {
  return join(dir, 'tests', file)
}
