// Pass rates by directory, and the comparison with the committed baseline (the ratchet).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { WptResult } from './run-wpt.js'

export const BASELINE_FILE = fileURLToPath(new URL('./baseline.json', import.meta.url))

export interface GroupFigures { group: string; tests: number; passed: number }

export function byGroup(results: WptResult[]): GroupFigures[] {
  const groups = new Map<string, GroupFigures>()
  for (const r of results) {
    const g = groups.get(r.group) ?? { group: r.group, tests: 0, passed: 0 }
    g.tests++
    if (r.pass) g.passed++
    groups.set(r.group, g)
  }
  return [...groups.values()].sort((a, b) => a.group.localeCompare(b.group))
}

const percent = (passed: number, tests: number) => `${(100 * passed / Math.max(tests, 1)).toFixed(1)} %`

export function formatGroups(results: WptResult[]): string {
  const rows = byGroup(results)
  const passed = results.filter((r) => r.pass).length
  const width = Math.max(...rows.map((r) => r.group.length), 7)
  const line = (name: string, p: number, n: number) => `${name.padEnd(width)}  ${String(p).padStart(4)} / ${String(n).padEnd(4)}  ${percent(p, n).padStart(7)}`
  return [...rows.map((r) => line(r.group, r.passed, r.tests)), line('overall', passed, results.length)].join('\n')
}

export function formatFailures(results: WptResult[]): string {
  return results.filter((r) => !r.pass).map((r) => `FAIL ${r.path}  ${r.reason}`).join('\n')
}

/** The tests that passed when the baseline was written, in WPT paths. */
export function readBaseline(file = BASELINE_FILE): Set<string> {
  return new Set((JSON.parse(readFileSync(file, 'utf8')) as { passing: string[] }).passing)
}

export function writeBaseline(results: WptResult[], file = BASELINE_FILE): void {
  const passing = results.filter((r) => r.pass).map((r) => r.path).sort()
  const text = JSON.stringify({ about: 'WPT reftests of ../shared/wpt that pass (npm run wpt -- --write-baseline); CI fails when one of them fails', passing }, null, 1)
  writeFileSync(file, `${text}\n`)
}

/** Baseline tests that failed in `results` (tests not run are not counted). */
export function regressions(results: WptResult[], baseline: Set<string>): WptResult[] {
  return results.filter((r) => !r.pass && baseline.has(r.path))
}
