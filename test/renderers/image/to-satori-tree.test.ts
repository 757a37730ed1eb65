// The styled tree → satori element mapping: what each kind of box becomes.
import t from 'tap'
import { convertElement } from '../../../renderers/image/to-satori-tree.js'
import type { SatoriElement } from '../../../renderers/image/satori-element.js'
import { Warnings } from '../../../renderers/image/warnings.js'
import type { LoadedImage } from '../../../renderers/resources/index.js'
import { el, px, rgb, text } from './fixtures/styled-page.js'

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64')

function convert(node: ReturnType<typeof el>, images = new Map<string, LoadedImage>()) {
  const warnings = new Warnings()
  const out = convertElement(node, { images, warnings })
  return { out, warnings: warnings.list }
}

const kids = (e: SatoriElement | null) => (e?.props.children ?? []) as Array<SatoriElement | string>

t.test('blocks and inlines keep their display on neutral elements; display none is dropped', async (t) => {
  const { out } = convert(el('section', {}, [
    el('b', { display: 'inline', fontWeight: 700 }, [text('bold')]),
    el('aside', { display: 'none' }, [text('hidden')]),
    el('script', { display: 'block' }, [text('x()')]),
  ]))
  t.equal(out?.type, 'div')
  t.equal(out?.props.style?.display, 'block')
  const children = kids(out)
  t.equal(children.length, 1, 'hidden and script left out')
  const b = children[0] as SatoriElement
  t.equal(b.type, 'span')
  t.equal(b.props.style?.fontWeight, 700)
  t.same(b.props.children, ['bold'])
})

t.test('families resolve to the installed fonts with DejaVu Sans behind them', async (t) => {
  const { out } = convert(el('p', { fontFamily: ['Helvetica Neue', 'Arial', 'sans-serif'] }))
  t.equal(out?.props.style?.fontFamily, '"Arimo", "DejaVu Sans"')
  const mono = convert(el('pre', { fontFamily: ['monospace'] })).out
  t.equal(mono?.props.style?.fontFamily, '"DejaVu Sans Mono", "DejaVu Sans"')
})

t.test('lengths with percentages become calc(); colours rgb()/rgba()', async (t) => {
  const { out } = convert(el('div', { width: { px: -20, pct: 50 }, marginLeft: 'auto', backgroundColor: rgb(1, 2, 3, 0.5) }))
  t.equal(out?.props.style?.width, 'calc(50% + -20px)')
  t.equal(out?.props.style?.marginLeft, 'auto')
  t.equal(out?.props.style?.backgroundColor, 'rgba(1,2,3,0.5)')
})

t.test('list items get their marker as text outside the box', async (t) => {
  const li = { ...el('li', { display: 'list-item' }, [text('first')]), marker: '1.' }
  const { out } = convert(li)
  t.equal(out?.props.style?.display, 'block')
  t.equal(out?.props.style?.position, 'relative')
  const marker = kids(out)[0] as SatoriElement
  t.same(marker.props.children, ['1. '])
  t.equal(marker.props.style?.position, 'absolute')
  t.equal(marker.props.style?.right, '100%')
  const inside = convert({ ...el('li', { display: 'list-item', listStylePosition: 'inside' }, [text('x')]), marker: '•' }).out
  t.equal((kids(inside)[0] as SatoriElement).props.style?.display, 'inline')
})

t.test('images come only from the store, as data URIs', async (t) => {
  const images = new Map<string, LoadedImage>([['logo.png', { kind: 'png', bytes: PNG_1PX, width: 1, height: 1 }]])
  const { out } = convert(el('div', {}, [el('img', { display: 'inline' }, [], { src: 'logo.png' }), el('img', { display: 'inline' }, [], { src: 'https://example.com/x.png' })]), images)
  const [img, ...rest] = kids(out) as SatoriElement[]
  t.equal(rest.length, 0, 'unknown image dropped')
  t.equal(img.type, 'img')
  t.match(img.props.src, /^data:image\/png;base64,iVBOR/)
  t.equal(img.props.style?.width, 1, 'natural size when CSS sets none')
  t.equal(img.props.style?.aspectRatio, 1)
  const { warnings } = convert(el('img', { display: 'inline' }, [], { src: 'https://example.com/x.png' }))
  t.match(warnings[0], /image "https:\/\/example.com\/x.png" was not loaded/)
})

t.test('tables become grids: spans placed, row backgrounds on cells, header first', async (t) => {
  const cell = (s: string, attrs: Record<string, string> = {}, style = {}) => el('td', { display: 'table-cell', verticalAlign: 'middle', ...style }, [text(s)], attrs)
  const table = el('table', { display: 'table', borderSpacing: [2, 2], width: { px: 0, pct: 100 } }, [
    el('tbody', { display: 'table-row-group' }, [
      el('tr', { display: 'table-row', backgroundColor: rgb(238, 238, 238) }, [cell('a', { rowspan: '2' }), cell('b'), cell('c', {}, { width: px(100) })]),
      el('tr', { display: 'table-row' }, [cell('d', { colspan: '2' })]),
    ]),
    el('thead', { display: 'table-header-group' }, [el('tr', { display: 'table-row' }, [cell('H', { colspan: '3' })])]),
  ])
  const { out } = convert(table)
  const style = out?.props.style ?? {}
  t.equal(style.display, 'grid')
  t.equal(style.gridTemplateColumns, 'auto auto minmax(min-content, 100px)')
  t.equal(style.columnGap, 2)
  t.equal(style.paddingLeft, 2, 'border spacing around the cells')
  const cells = kids(out) as SatoriElement[]
  const place = cells.map((c) => [c.props.style?.gridRow, c.props.style?.gridColumn, (kids(c)[0] as SatoriElement).props.children?.[0]])
  t.same(place, [
    ['1 / span 1', '1 / span 3', 'H'],
    ['2 / span 2', '1 / span 1', 'a'],
    ['2 / span 1', '2 / span 1', 'b'],
    ['2 / span 1', '3 / span 1', 'c'],
    ['3 / span 1', '2 / span 2', 'd'],
  ])
  t.equal(cells[1].props.style?.backgroundColor, 'rgb(238,238,238)', 'row background painted by its cells')
  t.equal(cells[1].props.style?.justifyContent, 'center', 'vertical-align: middle')
  t.equal(cells[4].props.style?.backgroundColor, undefined)
})

t.test('collapsed borders are drawn once between cells', async (t) => {
  const b = { width: 1, style: 'solid' as const, color: rgb(0, 0, 0) }
  const cell = (s: string) => el('td', { display: 'table-cell', borderTop: b, borderRight: b, borderBottom: b, borderLeft: b }, [text(s)])
  const table = el('table', { display: 'table', borderCollapse: 'collapse' }, [el('tr', { display: 'table-row' }, [cell('a'), cell('b')])])
  const cells = kids(convert(table).out) as SatoriElement[]
  t.equal(cells[0].props.style?.borderRightWidth, undefined, 'first cell leaves the shared edge')
  t.equal(cells[1].props.style?.borderLeftWidth, 1, 'second cell draws it')
  t.equal(cells[1].props.style?.borderRightWidth, 1, 'outer edge kept')
})
