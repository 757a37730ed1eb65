// The font a Word run names: the first family the template asked for, with CSS generic families
// replaced by the fonts Word and LibreOffice have for them (metric-compatible with the PDF engine's choice).
const GENERIC: Record<string, string> = {
  'sans-serif': 'Arial',
  'system-ui': 'Arial',
  serif: 'Times New Roman',
  cursive: 'Times New Roman',
  fantasy: 'Times New Roman',
  monospace: 'Courier New',
  'ui-monospace': 'Courier New',
}

/** Names only Apple's or Chromium's own platforms know: Word has no such font, so the next family is used. */
const PLATFORM_ONLY = new Set(['-apple-system', 'blinkmacsystemfont', 'ui-sans-serif', 'ui-serif', 'ui-rounded'])

export function fontName(families: string[]): string {
  const first = families.find((f) => !PLATFORM_ONLY.has(f.toLowerCase()))
  if (!first) return 'Times New Roman'
  return GENERIC[first] ?? first
}
