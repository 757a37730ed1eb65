// A warning about an element names the line the author edits: the HTML's own line for raw HTML, the template's
// line for a template rendered through Liquid (renderers/template/template-origins.ts) — in a loop the loop
// body's line, in an included content block the block's line, named.
import t from 'tap'
import { PATCHES_ON } from '../../../renderers/patches.js'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from './fixtures.js'

const UA = { pdf: { pdfUA: true } } as never
const IMG = 'data:image/svg+xml;utf8,<svg xmlns=\'http://www.w3.org/2000/svg\' width=\'2\' height=\'2\'/>'
const altWarnings = (warnings: string[]) => warnings.filter((w) => w.includes('alternate text'))

t.test('raw HTML: the line of the HTML sent', async (t) => {
  const html = `<html lang="en"><title>T</title>\n<h1>A</h1>\n\n   <img class="logo" src="${IMG}" role="img">`
  const out = await renderPdf(pdfTask(html, { kind: 'html', settings: UA }))
  t.same(altWarnings(out.warnings), [`PDF/UA: <img.logo src="${IMG.slice(0, 60)}"> at line 4 has no alternate text (alt, aria-label or an SVG <title>)`])
})

t.test('a template: the template line, not the rendered HTML\'s', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: liquidjs\'s own loop notes no origins' }, async (t) => {
  // The loop renders three <p> lines before the image: in the HTML it is on line 9, in the template on line 6.
  const template = [
    '<html lang="en"><title>T</title>', // 1
    '<h1>{{ title }}</h1>', // 2
    '{% for item in items %}', // 3
    '<p>{{ item }}</p>', // 4
    '{% endfor %}', // 5
    '{% if logo %}<img id="logo" src="{{ logo }}" role="img">{% endif %}', // 6
    '{% for item in items %}', // 7
    '  <img class="f{{ forloop.index }}" src="{{ logo }}" role="img">', // 8
    '{% endfor %}', // 9
  ].join('\n')
  const out = await renderPdf(pdfTask(template, { settings: UA, data: { title: 'Report', items: ['a', 'b', 'c'], logo: IMG } }))
  const warned = altWarnings(out.warnings)
  t.match(warned, [/^PDF\/UA: <img#logo src="data:image\/svg\+xml[^"]*"> at line 6 has no alternate text/, /<img\.f1 src=[^>]*> at line 8 /, /<img\.f2 src=[^>]*> at line 8 /, /<img\.f3 src=[^>]*> at line 8 /],
    'the image where the template has it; each image of the loop at the loop body\'s line')
  t.equal(warned.length, 4)
})

t.test('an included content block: its own line, named', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off' }, async (t) => {
  const task = pdfTask('<html lang="en"><title>T</title>\n<h1>A</h1>\n{% include \'badge\' %}\n<h3 id="late">Skips</h3>', { settings: UA })
  task.source.blocks = { badge: { cacheKey: 'badge-block-1', text: `<div>\n<span>x</span>\n<img id="b" src="${IMG}" role="img"></div>` } }
  const out = await renderPdf(task)
  t.match(out.warnings, [/<img#b src=[^>]*> at line 3 of content block 'badge' has no alternate text/, /heading levels skip from H1 to H3 at <h3#late> at line 4$/])
})
