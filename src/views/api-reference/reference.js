// Quire's interactive API reference: reads /openapi.json and shows every operation by tag with its
// parameters, body and responses, and a form that sends the request with the key typed above. Built with
// DOM calls only (no HTML from the document is interpreted), served by Quire itself (no CDN).
/* global document, sessionStorage, URLSearchParams, location */
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

/** An example value for a schema: its own example, default or first enum value, else one made from its type. */
function exampleOf(schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 5) return null
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (Array.isArray(schema.enum)) return schema.enum[0]
  const type = [].concat(schema.type || (schema.properties ? 'object' : ''))[0]
  if (type === 'object') {
    const out = {}
    const required = new Set(schema.required || [])
    for (const [name, property] of Object.entries(schema.properties || {})) {
      // Required members always; optional ones only when the document gives them an example.
      if (required.has(name) || property.example !== undefined) out[name] = exampleOf(property, depth + 1)
    }
    return out
  }
  if (type === 'array') return [exampleOf(schema.items, depth + 1)]
  if (type === 'integer' || type === 'number') return 0
  if (type === 'boolean') return false
  if (type === 'string') return ''
  return null
}

/** The file name a download gets, with the extension of its type. */
function downloadName(type) {
  const ext = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'application/zip': 'zip', 'text/plain': 'txt',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx' }[type.split(';')[0].trim()]
  return ext ? `result.${ext}` : 'result'
}

const shellQuote = (text) => `'${text.replace(/'/g, `'\\''`)}'`

/** The same request as a curl command and through the TypeScript client (clients/typescript in the repository). */
function codeSamples(method, path, values, url, body) {
  const curl = [`curl -X ${method.toUpperCase()} ${shellQuote(`${location.origin}${url}`)}`, `  -H 'X-Api-Key: <API_KEY>'`]
  if (body !== undefined) curl.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(body)}`)
  const params = ['path', 'query'].filter((where) => Object.keys(values[where]).length > 0).map((where) => `${where}: ${JSON.stringify(values[where])}`)
  const options = [params.length ? `params: { ${params.join(', ')} }` : null, body !== undefined ? `body: ${body.trim().replace(/\n\s*/g, ' ')}` : null].filter(Boolean)
  const client = [
    "import { createQuireClient } from 'quire-client'",
    `const quire = createQuireClient({ baseUrl: ${JSON.stringify(location.origin)}, apiKey: process.env.QUIRE_API_KEY })`,
    `const { data, error, response } = await quire.${method.toUpperCase()}(${JSON.stringify(path)}${options.length ? `, { ${options.join(', ')} }` : ''})`,
  ]
  return el('div', { class: 'samples' }, el('h4', {}, 'curl'), el('pre', {}, curl.join(' \\\n')),
    el('h4', {}, 'TypeScript client'), el('pre', {}, client.join('\n')))
}

function tryIt(path, method, params, bodySchema, operationId) {
  // One input per parameter: a name can be a path and a query parameter of the same operation only once each.
  const seen = new Set()
  const inputs = params.filter((p) => (p.in === 'path' || p.in === 'query') && !seen.has(`${p.in}:${p.name}`) && seen.add(`${p.in}:${p.name}`)).map((p) => {
    const id = `${operationId || method + path}-${p.in}-${p.name}`.replace(/[^A-Za-z0-9_-]/g, '-')
    const input = el('input', { class: 'param', id, placeholder: p.in === 'path' ? 'required' : 'optional' })
    if (p.example !== undefined) input.value = String(p.example)
    else if (p.schema?.example !== undefined) input.value = String(p.schema.example)
    return { p, input, row: el('p', {}, el('label', { for: id }, `${p.name} (${p.in === 'path' ? 'in the path' : 'query parameter'}) `), input) }
  })
  const body = bodySchema ? el('textarea', { spellcheck: 'false', 'aria-label': 'JSON body' }) : null
  if (body) body.value = JSON.stringify(exampleOf(bodySchema) ?? {}, null, 2)
  const output = el('div', { class: 'response' })
  const samples = el('div')
  const currentUrl = () => {
    let url = path
    const query = new URLSearchParams()
    for (const { p, input } of inputs) {
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(input.value || `{${p.name}}`))
      else if (input.value !== '') query.set(p.name, input.value)
    }
    return [...query].length > 0 ? `${url}?${query}` : url
  }
  const currentValues = () => {
    const values = { path: {}, query: {} }
    for (const { p, input } of inputs) if (p.in === 'path' || input.value !== '') values[p.in][p.name] = input.value
    return values
  }
  const showSamples = () => samples.replaceChildren(codeSamples(method, path, currentValues(), currentUrl(), body ? body.value : undefined))
  for (const { input } of inputs) input.addEventListener('input', showSamples)
  if (body) body.addEventListener('input', showSamples)
  showSamples()
  const send = el('button', { type: 'button' }, 'Send')
  send.addEventListener('click', async () => {
    const url = currentUrl()
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
        const name = downloadName(type)
        output.replaceChildren(head, el('a', { href: URL.createObjectURL(blob), download: name }, `Download ${name} (${blob.size} bytes)`))
      }
    } catch (error) {
      output.replaceChildren(el('p', {}, `Request failed: ${error.message}`))
    }
  })
  return el('div', {}, el('h4', {}, 'Try it'), ...inputs.map((i) => i.row), body ? el('p', {}, 'JSON body:') : null, body, send, output, samples)
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
    op.operationId ? el('p', { class: 'muted' }, 'operationId ', el('code', {}, op.operationId)) : null,
    tryIt(path, method, params, bodySchema, op.operationId)))
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
