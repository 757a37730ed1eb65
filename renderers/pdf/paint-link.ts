// A link area: `href="#id"` to an element of the document jumps to its named destination (written where the
// element is first painted, tagging/document-marks.ts); any other href is a URI link. In a tagged PDF the
// annotation is a child of its Link element and carries the link's text.
import type { LinkFrag } from '../layout/fragments.js'
import type { PaintTarget } from './paint-target.js'
import { decodeFragment } from './tagging/structure-nodes.js'

export function paintLink(target: PaintTarget, f: LinkFrag, top: number, height: number): void {
  const { doc, marks } = target
  const options = marks?.linkOptions(f.el) ?? {}
  const name = f.href.startsWith('#') && f.href.length > 1 ? decodeFragment(f.href.slice(1)) : null
  if (name !== null && marks?.skeleton.linkTargets.has(name)) {
    marks.linkedNames.add(name)
    doc.goTo(f.x, top, f.w, height, name, options as never)
  } else doc.link(f.x, top, f.w, height, f.href, options as never)
}
