// A PDF's metadata from the document and the template settings: the title from `<title>`, author, subject
// (`<meta name="description">`), keywords and creator (`<meta name="generator">`) from `<meta>` tags, each
// overridden by settings.pdf.metadata; the language from settings.pdf.lang, else `<html lang>`.
import type { DomElement } from '../../document/dom.js'
import type { PdfSettings } from '../../contract.js'

export interface DocumentMetadata {
  title: string | null
  author: string | null
  subject: string | null
  keywords: string | null
  creator: string | null
  lang: string | null
}

const META_NAMES: Record<string, 'author' | 'subject' | 'keywords' | 'creator'> = {
  author: 'author', description: 'subject', subject: 'subject', keywords: 'keywords', generator: 'creator',
}

export function documentMetadata(head: DomElement | null, root: DomElement | null, title: string | null, settings: PdfSettings | undefined): DocumentMetadata {
  const out: DocumentMetadata = { title: clean(title), author: null, subject: null, keywords: null, creator: null, lang: null }
  for (const child of head?.children ?? []) {
    if (child.kind !== 'element' || child.tag !== 'meta') continue
    const key = META_NAMES[child.attrs.name?.trim().toLowerCase() ?? '']
    if (key && out[key] === null) out[key] = clean(child.attrs.content)
  }
  const given = settings?.metadata
  if (given) for (const key of ['title', 'author', 'subject', 'keywords', 'creator'] as const) if (given[key]) out[key] = clean(given[key]!)
  out.lang = settings?.lang ?? clean(root?.attrs.lang ?? null)
  return out
}

function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim()
  return text ? text.slice(0, 1000) : null
}
