// Templates and content blocks share the editor; this is what differs between them.
export type DocumentKindName = 'templates' | 'blocks'

export interface DocumentKindView {
  kind: DocumentKindName
  base: string
  singular: string
  plural: string
  /** Templates have page settings; blocks are laid out inside a template's page. */
  hasSettings: boolean
  starter: { html: string; sampleData: Record<string, unknown> }
}

const TEMPLATE_STARTER = `<style>
  body { font-family: Arial, sans-serif; color: #1f2937; }
  h1 { color: #1d4ed8; }
  table { width: 100%; border-collapse: collapse; }
  td, th { border-bottom: 1px solid #e5e7eb; padding: 4px 0; text-align: left; }
</style>
<h1>Hello {{ name }}</h1>
<p>Edit this template: the preview on the right updates as you type.</p>
<table>
  <tr><th>#</th><th>Item</th></tr>
  {% for item in items %}
  <tr><td>{{ forloop.index }}</td><td>{{ item }}</td></tr>
  {% endfor %}
</table>
`

const BLOCK_STARTER = `<div style="font-family: Arial, sans-serif; font-size: 9pt; color: #6b7280; text-align: center;">
  Page {{ page }} of {{ pages }}
</div>
`

export const DOCUMENT_KINDS: Record<DocumentKindName, DocumentKindView> = {
  templates: {
    kind: 'templates', base: '/templates', singular: 'template', plural: 'templates', hasSettings: true,
    starter: { html: TEMPLATE_STARTER, sampleData: { name: 'World', items: ['First', 'Second'] } },
  },
  blocks: {
    kind: 'blocks', base: '/blocks', singular: 'content block', plural: 'content blocks', hasSettings: false,
    starter: { html: BLOCK_STARTER, sampleData: { page: 1, pages: 3 } },
  },
}
