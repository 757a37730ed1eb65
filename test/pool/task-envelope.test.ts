// pool/task-envelope.ts: what the pool posts for a render, and the task the worker rebuilds from it.
import t from 'tap'
import { deserialize, serialize } from 'node:v8'
import type { PdfTask } from '../../renderers/contract.js'
import { Utf8Source } from '../../renderers/utf8-source.js'
import { envelopeFor, taskOf, type Envelope } from '../../pool/task-envelope.js'
import { loadConfig } from '../../src/config.js'
import { htmlSource } from '../../src/render/document-source.js'
import { buildTask } from '../../src/render/tasks.js'

const config = loadConfig({ LOG_LEVEL: 'silent' })
const HTML = '<p>Grüße, Привет</p>'
/** The envelope as a worker receives it: structured-cloned, as postMessage clones it. */
const posted = <T>(envelope: Envelope<T>) => deserialize(serialize(envelope)) as Envelope<T>

t.test('raw HTML given as bytes is posted as those bytes, and the worker gets its text', async (t) => {
  const task = buildTask(config, 'pdf', { source: htmlSource(new TextEncoder().encode(HTML)), data: {} }) as PdfTask
  t.ok(task.source.main instanceof Utf8Source)
  const envelope = envelopeFor(1, task)
  t.same(envelope.task.source.main, { cacheKey: '', text: '' }, 'neither the text nor a key is made to be posted')
  t.equal(new TextDecoder().decode(envelope.htmlUtf8), HTML)
  const received = taskOf(posted(envelope))
  t.equal(received.source.main.text, HTML)
  t.equal(received.source.main.cacheKey, task.source.main.cacheKey)
  t.equal(received.source.kind, 'html')
  t.same(received.data, {})
})

t.test('raw HTML given as text, and a template with its data as JSON text, are posted as before', async (t) => {
  const text = buildTask(config, 'pdf', { source: htmlSource(HTML), data: {} }) as PdfTask
  const envelope = envelopeFor(2, text)
  t.equal(envelope.htmlUtf8, undefined)
  t.equal(taskOf(posted(envelope)).source.main.text, HTML)
  const data = { name: 'Ana' }
  const withData = buildTask(config, 'pdf', { source: htmlSource(new TextEncoder().encode(HTML)), data }) as PdfTask
  const both = taskOf(posted(envelopeFor(3, withData, JSON.stringify(data))))
  t.same(both.data, data)
  t.equal(both.source.main.text, HTML)
})
