// The computed style of the element with `id` in a document made of one stylesheet and a body (print, 800 px).
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

export function styleOf(css: string, body = '<div id="t"></div>', id = 't'): StyledElement['style'] {
  const doc = buildStyledDocument(`<style>${css}</style>${body}`, media)
  const stack = [doc.root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e.style
    for (const c of e.children) if (c.kind === 'element') stack.push(c)
  }
  throw new Error(`no element #${id}`)
}
