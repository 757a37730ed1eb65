// contentBlock()'s CSS scoping, as TemplateTo does it: every rule of a <style> inside the block applies
// only inside its <div id="componentId"> (`.card` → `#card1 .card`), and `body`/`html` selectors become
// the block's own element, so two instances of a block, or a block and its template, do not collide.
import * as csstree from 'css-tree'

const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi

function scopeCss(css: string, id: string): string {
  let ast: csstree.CssNode
  try {
    ast = csstree.parse(css)
  } catch {
    return css // the document front-end reports CSS it cannot read
  }
  csstree.walk(ast, {
    visit: 'Rule',
    enter(node: csstree.Rule) {
      // Keyframe selectors (from, to, 50%) are not element selectors.
      if (this.atrule && /keyframes$/i.test(this.atrule.name)) return
      if (node.prelude.type !== 'SelectorList') return
      node.prelude.children.forEach((selector) => {
        if (selector.type !== 'Selector') return
        const parts = selector.children
        const first = parts.first
        let root = false
        if (first && first.type === 'TypeSelector' && /^(html|body)$/i.test(first.name)) {
          parts.shift()
          if (parts.first?.type === 'Combinator') parts.shift()
          root = parts.isEmpty
        }
        if (!root) parts.prependData({ type: 'Combinator', name: ' ' } as csstree.Combinator)
        parts.prependData({ type: 'IdSelector', name: id } as csstree.IdSelector)
      })
    },
  })
  return csstree.generate(ast)
}

export function scopeBlockCss(html: string, componentId: string): string {
  if (!/<style/i.test(html)) return html
  return html.replace(STYLE, (_all, open: string, css: string, close: string) => open + scopeCss(css, componentId) + close)
}
