// A template render's data goes to the render worker as the request body's JSON text (pool/task-envelope.ts),
// parsed there. What the template sees must be what the main thread parsed: a byte-order mark dropped,
// escapes, non-Latin characters, nested members and numbers as sent, whichever JSON content type.
import t from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'
import { pdfText } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const TEMPLATE = `<html><body>
<p>Name {{ name }}</p>
<p>Total {{ totals.gross | times: 2 }}</p>
{% for line in lines %}<p>Line {{ line.text }} {{ line.qty | plus: 1 }}</p>{% endfor %}
</body></html>`

t.test('the data reaches the template as sent, when posted to the worker as text', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, TEMPLATE)
  const data = { name: 'Zoë \u201cQuoted\u201d \\ back', totals: { gross: 21.25 }, lines: [{ text: 'Ärger', qty: 1 }, { text: 'ok', qty: 41 }] }
  const bodies: [string, string | Buffer, string][] = [
    ['plain', JSON.stringify(data), 'application/json'],
    ['with a byte-order mark', '\ufeff' + JSON.stringify(data), 'application/json; charset=utf-8'],
    ['escaped', JSON.stringify(data).replace('Zo\u00eb', 'Zo\\u00eb'), 'text/json'],
  ]
  for (const [what, raw, type] of bodies) {
    const response = await h.call(`/render/pdf/${id}`, { raw, headers: { 'content-type': type } })
    t.equal(response.status, 200, what)
    const text = pdfText(new Uint8Array(await response.arrayBuffer()))
    t.match(text, /Name Zoë “Quoted” \\ back/, `${what}: strings`)
    t.match(text, /Total 42\.5/, `${what}: nested number`)
    t.match(text, /Line Ärger 2/, `${what}: first row`)
    t.match(text, /Line ok 42/, `${what}: second row`)
  }
})

t.test('a body that is not the data still renders (clips: the data is a member of the body)', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, TEMPLATE)
  const response = await h.call(`/render/image/${id}/clips`, { body: { data: { name: 'X', totals: { gross: 1 }, lines: [] }, clips: [{ x: 0, y: 0, width: 50, height: 50 }] } })
  t.equal(response.status, 200)
})
