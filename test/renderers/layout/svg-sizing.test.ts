// An SVG without a size of its own is sized as Chromium sizes it (CSS 2 §10.3.2 with the SVG's natural
// dimensions): an inline <svg> or an SVG <img> with a viewBox and no width/height has a ratio alone, so it is
// as wide as its container (it gives way to 0 in a float or an auto-width cell, as in Chromium); without a
// viewBox it is the 300×150 default object; one length and the viewBox give the other. The sizes are
// Chromium 156's for the same snippets (getBoundingClientRect, a 400 px wide body).
import t from 'tap'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { loadImages } from '../../../renderers/resources/index.js'
import { layoutHtml } from '../../helpers/layout-html.js'

const svg = (attrs: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="40" height="20"/></svg>`).toString('base64')}`
const RATIO = svg('viewBox="0 0 40 20"')
const BARE = svg('')

async function laid(body: string) {
  // Each element gets a colour of its own, so that its computed style is its own and the helper can name its box.
  let n = 0
  const html = `<!DOCTYPE html><html><body style="margin:0;width:400px">${body.replace(/<(svg|img) id=/g, (m) => `${m.slice(0, -3)} style="color:#0000${(++n).toString(16).padStart(2, '0')}" id=`)}`
  const doc = buildStyledDocument(html, { type: 'screen', width: 800, height: 600 })
  const images = await loadImages(doc, { allowHosts: [], timeoutMs: 2000, maxBytes: 2_000_000 })
  return layoutHtml(html, { width: 800, medium: 'screen', images })
}

t.test('inline <svg>: a viewBox alone fills the container; nothing known is 300×150', async (t) => {
  const { box } = await laid(`<div><svg id=a viewBox="0 0 40 20"><rect width="40" height="20"/></svg></div>
    <div><svg id=b><rect width="40" height="20"/></svg></div>
    <div><svg id=c viewBox="0 0 40 20" width="80"><rect width="40" height="20"/></svg></div>
    <div><span>x<svg id=d viewBox="0 0 40 20"><rect width="40" height="20"/></svg></span></div>
    <div style="display:flex"><svg id=e viewBox="0 0 40 20"><rect width="40" height="20"/></svg></div>
    <div style="float:left"><svg id=f viewBox="0 0 40 20"><rect width="40" height="20"/></svg></div>`)
  t.match(box('a'), { w: 400, h: 200 }, 'the container\'s width, the viewBox\'s ratio')
  t.match(box('b'), { w: 300, h: 150 })
  t.match(box('c'), { w: 80, h: 40 }, 'a width and the ratio')
  t.match(box('d'), { w: 400, h: 200 }, 'inline, after text: the line\'s width')
  t.match(box('e'), { w: 400, h: 200 }, 'a flex item')
  t.match(box('f'), { w: 0, h: 0 }, 'in a float it gives way, as in Chromium')
})

t.test('an SVG <img> without a size: the replaced-element rules with its natural dimensions', async (t) => {
  const { box } = await laid(`<div><img id=a src="${RATIO}"></div><div><img id=b src="${BARE}"></div>
    <div><img id=c src="${svg('width="80" viewBox="0 0 40 20"')}"></div>
    <div><img id=d src="${svg('width="100%" height="100%" viewBox="0 0 40 20"')}"></div>
    <div><img id=e src="${svg('width="60" height="30"')}"></div>
    <div><img id=f src="${RATIO}" height=30></div><div><img id=g src="${BARE}" width=50></div>
    <table><tr><td><img id=h src="${RATIO}"></td></tr></table>
    <style>.indented { margin-left: 100px }</style><div><img id=i class=indented src="${RATIO}"></div>`)
  t.match(box('a'), { w: 400, h: 200 })
  t.match(box('b'), { w: 300, h: 150 }, 'no size and no viewBox: the default object')
  t.match(box('c'), { w: 80, h: 40 })
  t.match(box('d'), { w: 400, h: 200 }, 'percentages are no natural size')
  t.match(box('e'), { w: 60, h: 30 })
  t.match(box('f'), { w: 60, h: 30 }, 'a height attribute and the ratio')
  t.match(box('g'), { w: 50, h: 150 }, 'a width and no ratio: the default height')
  t.match(box('h'), { w: 0, h: 0 }, 'in an auto-width cell it gives way, as in Chromium')
  t.match(box('i'), { w: 300, h: 150 }, 'the container\'s width less the margin')
})
