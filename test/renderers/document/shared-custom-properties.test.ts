// An element whose custom properties change nothing of its parent's (Tailwind's `*, ::before, ::after` rule
// declares the same 30 on every element) shares its parent's map instead of copying it (compute-style.ts,
// leavesParentMap). What each element computes must not change with that: these cases are the ones where the
// map does change although the element declares what its parent has, or declares nothing.
import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function marginOf(html: string, id: string): number {
  const stack = [buildStyledDocument(html, media).root]
  while (stack.length) {
    const e = stack.pop()!
    const margin = e.style.marginLeft
    if (e.attrs.id === id) return margin === 'auto' ? NaN : margin.px
    for (const c of e.children) if (c.kind === 'element') stack.push(c as StyledElement)
  }
  throw new Error(`no #${id}`)
}

const nested = '<div id="p"><div id="c"><div id="g"></div></div></div>'

t.test('the universal rule redeclares a variable its parent changed: the child has the rule\'s value', async (t) => {
  const css = '* { --a: 1px; --b: 2px } #p { --a: 5px } div { margin-left: var(--a) }'
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'p'), 5)
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'c'), 1)
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'g'), 1)
})

t.test('a variable declared with the same text but a var() in it is resolved again in the child', async (t) => {
  const css = '* { --unit: 1px; --a: calc(var(--unit) * 3) } #p { --unit: 2px } div { margin-left: var(--a) }'
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'p'), 6)
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'c'), 3, 'the child\'s own --unit')
})

t.test('initial on a variable: the child loses it, unless the parent has none', async (t) => {
  const css = ':root { --a: 4px } #c { --a: initial } div { margin-left: var(--a, 7px) }'
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'p'), 4)
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'c'), 7)
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'g'), 7, 'inherited: undefined below #c too')
})

t.test('@property inherits: false: a child declaring only what its parent has still gets the initial value', async (t) => {
  const css = '@property --w { syntax: "*"; inherits: false; initial-value: 9px } * { --tw: 0 } #p { --w: 50px } div { margin-left: var(--w) }'
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'p'), 50)
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'c'), 9, 'not inherited')
  t.equal(marginOf(`<style>${css}</style>${nested}`, 'g'), 9)
  const initial = '@property --w { syntax: "*"; inherits: true; initial-value: 9px } #p { --w: 50px } #c { --w: initial } div { margin-left: var(--w) }'
  t.equal(marginOf(`<style>${initial}</style>${nested}`, 'c'), 9, 'initial is the registered initial value')
  t.equal(marginOf(`<style>${initial}</style>${nested}`, 'g'), 9)
})
