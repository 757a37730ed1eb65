// contentBlock()'s CSS scoping, as TemplateTo does it: every rule of a <style> inside the block applies
// only inside its <div id="componentId"> (`.card` → `#card1 .card`), and `body`/`html` selectors become
// the block's own element, so two instances of a block, or a block and its template, do not collide.
// css-tree is loaded by the first render that has content blocks (loadBlockCssScoping, from render-liquid.ts),
// not with the render worker: with the CSS data it builds its lexer from (mdn-data) it was the largest piece of
// the worker's start that a render without blocks never uses — its bundle chunk took 80–100 ms of CPU to load
// at load average 9, against ~0.75 s for the whole worker start (docs/operations.md#start-up-and-memory).
import type { CssNode, Combinator, IdSelector, Rule } from 'css-tree'

let csstree: typeof import('css-tree') | undefined

/** Loads css-tree for scopeBlockCss(); a render with content blocks awaits it before it renders (synchronously). */
export async function loadBlockCssScoping(): Promise<void> {
  csstree ??= await import('css-tree')
}

const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi

function scopeCss(css: string, id: string): string {
  if (!csstree) throw new Error('scopeBlockCss: css-tree is not loaded (await loadBlockCssScoping() before rendering with blocks)')
  let ast: CssNode
  try {
    ast = csstree.parse(css)
  } catch {
    return css // the document front-end reports CSS it cannot read
  }
  csstree.walk(ast, {
    visit: 'Rule',
    enter(node: Rule) {
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
        if (!root) parts.prependData({ type: 'Combinator', name: ' ' } as Combinator)
        parts.prependData({ type: 'IdSelector', name: id } as IdSelector)
      })
    },
  })
  return csstree.generate(ast)
}

export function scopeBlockCss(html: string, componentId: string): string {
  if (!/<style/i.test(html)) return html
  return html.replace(STYLE, (_all, open: string, css: string, close: string) => open + scopeCss(css, componentId) + close)
}
