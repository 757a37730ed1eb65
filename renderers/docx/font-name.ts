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

export function fontName(families: string[]): string {
  const first = families[0]
  if (!first) return 'Times New Roman'
  return GENERIC[first] ?? first
}
