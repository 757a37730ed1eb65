// The budgets a render runs under when the service gives none (tests, benches, the CLI). The service sets
// each from src/config.ts; docs/limits.md lists them with their settings.
import type { RenderBudgets, RenderLimits } from './contract.js'

export const DEFAULT_BUDGETS: Readonly<RenderBudgets> = Object.freeze({
  // Chromium's kMaxVariableBytes (css_variable_data.h): a value over it is invalid at computed-value time.
  cssVarMaxLength: 2_097_152,
  // A utility-class stylesheet (custom properties on `*`) on a 10,000-element document stays far below.
  cssVarMaxSubstitutions: 200_000,
  // Four values at the length cap; tokenised, about 100 MB of heap in a worker limited to 512 MB.
  cssVarMaxTotalLength: 8_388_608,
  // The HTML parser already caps element nesting at 512, as Chromium's does; layout takes half of that.
  layoutMaxDepth: 256,
  // yoga's WebAssembly stack overflows at about 145 nested flex containers (measured); templates use < 20.
  layoutMaxFlexDepth: 100,
  // A 40 MP photo decodes to 160 MB of RGBA; a 10000 × 10000 PNG (389 KB compressed) would be 400 MB.
  imageMaxPixels: 40_000_000,
  // About twenty 12 MP photos: each is downscaled to the page as it is decoded, so they are not held at once.
  imageMaxDocumentPixels: 250_000_000,
  // Icons and charts draw tens to a few thousand elements; a detailed map some tens of thousands.
  svgMaxElements: 50_000,
  // A web font is 20–400 KB (woff2) and a framework stylesheet up to ~300 KB: about a hundred of them.
  webResourceCacheBytes: 32 * 1024 * 1024,
})

export function budgetsOf(limits: Pick<RenderLimits, 'budgets'> | undefined): RenderBudgets {
  return { ...DEFAULT_BUDGETS, ...limits?.budgets }
}
