import t from 'tap'
import { applyBaseHref } from '../../../renderers/template/apply-base-href.js'

t.test('relative image addresses resolve against <base href>, as Odoo and ERPNext expect', async (t) => {
  const html = `<html><head><base href="https://erp.example.com/app/"></head><body>
<img src="/web/image/res.company/1/logo"><img class="x" src='files/a.png'><img src="https://cdn.example.com/b.png"><img src="data:image/png;base64,AAAA">
<div style="background: url('bg.png')"></div><style>.h { background-image: url(/static/h.png) }</style></body></html>`
  const out = applyBaseHref(html)
  t.match(out, '<img src="https://erp.example.com/web/image/res.company/1/logo">')
  t.match(out, `<img class="x" src='https://erp.example.com/app/files/a.png'>`)
  t.match(out, '<img src="https://cdn.example.com/b.png">', 'absolute addresses stay')
  t.match(out, 'src="data:image/png;base64,AAAA"', 'data URIs stay')
  t.match(out, "url('https://erp.example.com/app/bg.png')")
  t.match(out, 'url(https://erp.example.com/static/h.png)')
})

t.test('without a base, or with one that is not absolute, nothing changes', async (t) => {
  const html = '<img src="/a.png"><div style="background:url(b.png)"></div>'
  t.equal(applyBaseHref(html), html)
  t.equal(applyBaseHref('<base href="/relative/">' + html), '<base href="/relative/">' + html)
})

t.test('the <base> tag is found in any case and after any markup (looked for with indexOf before the expression)', async (t) => {
  const body = '<p>a < b</p><img src="logo.png">'
  t.equal(applyBaseHref(`<HTML><HEAD><BASE HREF="https://erp.example.com/x/"></HEAD>${body}`), `<HTML><HEAD><BASE HREF="https://erp.example.com/x/"></HEAD><p>a < b</p><img src="https://erp.example.com/x/logo.png">`)
  t.equal(applyBaseHref(`<bAsE\thref='https://erp.example.com/'>${body}`), `<bAsE\thref='https://erp.example.com/'><p>a < b</p><img src="https://erp.example.com/logo.png">`)
  t.equal(applyBaseHref(`${body}<basefont><b>base</b>`), `${body}<basefont><b>base</b>`, 'no <base> tag: unchanged')
  t.equal(applyBaseHref(`${body}<`), `${body}<`, 'a < at the very end')
})
