// Quire's interactive API reference: reads /openapi.json and shows every operation by tag with its
// parameters, body and responses, and a form that sends the request with the key typed above. Built with
// DOM calls only (no HTML from the document is interpreted), served by Quire itself (no CDN).
/* global document, sessionStorage, URLSearchParams */
'use strict'

const keyInput = document.getElementById('api-key')
keyInput.value = sessionStorage.getItem('quire-api-key') || ''
keyInput.addEventListener('input', () => sessionStorage.setItem('quire-api-key', keyInput.value))

function el(tag, attrs, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value)
  for (const child of children) if (child !== null && child !== undefined) node.append(child)
  return node
}

function resolve(doc, schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 6) return schema
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '')
    return resolve(doc, doc.components?.schemas?.[name], depth + 1)
  }
  const out = Array.isArray(schema) ? [] : {}
  for (const [key, value] of Object.entries(schema)) out[key] = resolve(doc, value, depth + 1)
  return out
}

function parameterTable(params) {
  if (params.length === 0) return null
  const rows = params.map((p) => el('tr', {},
    el('td', {}, el('code', {}, p.name), p.required ? ' *' : ''), el('td', {}, p.in),
    el('td', {}, [].concat(p.schema?.type || '').join(' | ') + (p.schema?.enum ? ` (${p.schema.enum.join(', ')})` : '')),
    el('td', {}, p.description || p.schema?.description || '')))
  return el('table', {}, el('tr', {}, el('th', {}, 'parameter'), el('th', {}, 'in'), el('th', {}, 'type'), el('th', {}, '')), ...rows)
}

function tryIt(path, method, params, hasBody) {
  const inputs = params.filter((p) => p.in === 'path' || p.in === 'query').map((p) => {
    const input = el('input', { class: 'param', placeholder: p.in === 'path' ? 'required' : 'optional' })
    return { p, input, row: el('label', {}, `${p.name} (${p.in}) `, input, el('br')) }
  })
  const body = hasBody ? el('textarea', { spellcheck: 'false' }) : null
  if (body) body.value = '{}'
  const output = el('div')
  const send = el('button', { type: 'button' }, 'Send')
  send.addEventListener('click', async () => {
    let url = path
    const query = new URLSearchParams()
    for (const { p, input } of inputs) {
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(input.value))
      else if (input.value !== '') query.set(p.name, input.value)
    }
    if ([...query].length > 0) url += `?${query}`
    const headers = { 'x-api-key': keyInput.value }
    if (body) headers['content-type'] = 'application/json'
    output.replaceChildren(el('p', {}, `${method.toUpperCase()} ${url} …`))
    try {
      const response = await fetch(url, { method: method.toUpperCase(), headers, body: body ? body.value : undefined, redirect: 'manual' })
      const type = response.headers.get('content-type') || ''
      const head = el('p', {}, el('span', { class: 'status' }, `${response.status || 'redirect'} `), type)
      if (/json|text\/plain/.test(type)) {
        const text = await response.text()
        let shown = text
        try { shown = JSON.stringify(JSON.parse(text), null, 2) } catch { /* not JSON */ }
        output.replaceChildren(head, el('pre', {}, shown))
      } else if (response.status === 0) {
        output.replaceChildren(head, el('p', {}, 'A redirect (the result address): open the Location in a new tab.'))
      } else {
        const blob = await response.blob()
        output.replaceChildren(head, el('a', { href: URL.createObjectURL(blob), download: 'result' }, `Download (${blob.size} bytes)`))
      }
    } catch (error) {
      output.replaceChildren(el('p', {}, `Request failed: ${error.message}`))
    }
  })
  return el('div', {}, el('h4', {}, 'Try it'), ...inputs.map((i) => i.row), body ? el('p', {}, 'JSON body:') : null, body, send, output)
}

function operation(doc, path, method, op) {
  const params = (op.parameters || []).map((p) => resolve(doc, p))
  const content = op.requestBody?.content?.['application/json']
  const bodySchema = content ? resolve(doc, content.schema) : null
  const responses = Object.entries(op.responses || {}).map(([status, r]) => el('li', {}, el('code', {}, status), ' ', r.description || ''))
  const summary = el('summary', {}, el('span', { class: `method ${method}` }, method), el('code', {}, path), ' ', op.summary || '')
  return el('details', { class: 'op' }, summary, el('div', { class: 'op-body' },
    op.description ? el('p', {}, op.description) : null,
    op.security?.length ? el('p', {}, 'Needs the X-Api-Key header.') : null,
    parameterTable(params),
    bodySchema ? el('div', {}, el('h4', {}, 'Body (application/json)'), el('pre', {}, JSON.stringify(bodySchema, null, 2))) : null,
    el('h4', {}, 'Responses'), el('ul', {}, ...responses),
    tryIt(path, method, params, Boolean(content))))
}

async function main() {
  const doc = await (await fetch('../openapi.json')).json()
  document.getElementById('description').textContent = doc.info?.description || ''
  const byTag = new Map((doc.tags || []).map((t) => [t.name, []]))
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue
      const tag = op.tags?.[0] || 'Other'
      if (!byTag.has(tag)) byTag.set(tag, [])
      byTag.get(tag).push(operation(doc, path, method, op))
    }
  }
  const sections = []
  const links = []
  for (const [tag, ops] of byTag) {
    if (ops.length === 0) continue
    const id = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    links.push(el('a', { href: `#${id}` }, tag))
    sections.push(el('section', { id }, el('h2', {}, tag), ...ops))
  }
  document.getElementById('toc').replaceChildren(...links)
  document.getElementById('operations').replaceChildren(...sections)
}

main().catch((error) => { document.getElementById('operations').textContent = `Could not load /openapi.json: ${error.message}` })
