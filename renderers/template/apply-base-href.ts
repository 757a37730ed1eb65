// `<base href>` as a browser honours it: Odoo and ERPNext send report HTML whose images are relative to
// their server (`/web/image/…`, `/files/logo.png`) with a <base href> naming it. Relative image addresses
// (<img src>, CSS url()) are resolved against it before the document is built; the guarded fetcher still
// decides whether the resulting address may be fetched.
const BASE = /<base\s[^>]*?href\s*=\s*(["'])(.*?)\1[^>]*>/i
const IMG_SRC = /(<img\s[^>]*?\bsrc\s*=\s*)(["'])(.*?)\2/gi
const CSS_URL = /url\(\s*(["']?)([^"')]+)\1\s*\)/gi

function isRelative(ref: string): boolean {
  return ref !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(ref) && !ref.startsWith('#')
}

export function applyBaseHref(html: string): string {
  const m = BASE.exec(html)
  if (!m) return html
  let base: URL
  try {
    base = new URL(m[2].replace(/&amp;/g, '&'))
  } catch {
    return html // a relative or broken base changes nothing, as in a browser without a document URL
  }
  const resolve = (ref: string) => {
    if (!isRelative(ref.trim())) return ref
    try {
      return new URL(ref.trim().replace(/&amp;/g, '&'), base).href
    } catch {
      return ref
    }
  }
  return html
    .replace(IMG_SRC, (_all, start: string, quote: string, src: string) => `${start}${quote}${resolve(src)}${quote}`)
    .replace(CSS_URL, (all, quote: string, ref: string) => (isRelative(ref.trim()) ? `url(${quote}${resolve(ref)}${quote})` : all))
}
