// The template / content-block editor page: CodeMirror 6 over the two textareas (which stay the form's
// source of truth, so saving is a plain form post), tabs, Ctrl+S, and the live preview — the form is
// posted to …/preview shortly after each change and the answer (PNG or PDF) replaces the old one;
// a problem is shown in words and marked at its line in the editor it belongs to.
import { basicSetup } from 'codemirror'
import { EditorState, type Extension } from '@codemirror/state'
import { Decoration, EditorView, MatchDecorator, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view'
import { html } from '@codemirror/lang-html'
import { json } from '@codemirror/lang-json'
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint'

interface Problem { error: string; code?: string; target?: string; line?: number; column?: number; field?: string | null }

const PREVIEW_DELAY_MS = 350

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''
const csrfToken = meta('csrf-token')
const nonce = meta('csp-nonce')

// ---- Liquid tags stand out inside the HTML mode ----

const liquidMarks = new MatchDecorator({
  regexp: /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g,
  decoration: Decoration.mark({ class: 'cm-liquid' }),
})
const liquidHighlight = ViewPlugin.fromClass(class {
  decorations: DecorationSet
  constructor(view: EditorView) { this.decorations = liquidMarks.createDeco(view) }
  update(update: ViewUpdate) { this.decorations = liquidMarks.updateDeco(update, this.decorations) }
}, { decorations: (plugin) => plugin.decorations })

// ---- code editors over the textareas ----

function mountEditor(textarea: HTMLTextAreaElement, language: Extension, onChange: () => void): EditorView {
  const label = document.querySelector(`label[for="${textarea.id}"]`)?.textContent?.trim() ?? textarea.name
  const host = document.createElement('div')
  host.className = 'code-editor'
  textarea.after(host)
  textarea.hidden = true
  const readOnly = textarea.readOnly
  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        basicSetup,
        language,
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.cspNonce.of(nonce),
        EditorState.readOnly.of(readOnly),
        EditorView.contentAttributes.of({
          'aria-label': readOnly ? `${label} (read-only)` : label,
          ...(textarea.getAttribute('aria-describedby') ? { 'aria-describedby': textarea.getAttribute('aria-describedby')! } : {}),
        }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return
          textarea.value = update.state.doc.toString()
          onChange()
        }),
      ],
    }),
  })
  const line = Number(textarea.dataset.errorLine)
  if (line > 0) markError(view, line, Number(textarea.dataset.errorColumn) || 1, textarea.dataset.errorMessage ?? 'Error')
  return view
}

function markError(view: EditorView, lineNumber: number, column: number, message: string): void {
  const doc = view.state.doc
  const line = doc.line(Math.min(Math.max(1, lineNumber), doc.lines))
  const from = Math.min(line.from + Math.max(0, column - 1), line.to)
  const to = from < line.to ? line.to : from
  const diagnostic: Diagnostic = { from, to, severity: 'error', message }
  view.dispatch(setDiagnostics(view.state, [diagnostic]))
  view.dispatch({ effects: EditorView.scrollIntoView(from, { y: 'center' }) })
}

function clearErrors(view: EditorView | null): void {
  if (view) view.dispatch(setDiagnostics(view.state, []))
}

// ---- tabs ----

function setUpTabs(onShow: () => void): (panelId: string) => void {
  const list = document.querySelector<HTMLElement>('[data-tabs]')
  if (!list) return () => {}
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')]
  const select = (tab: HTMLButtonElement, focus = false) => {
    for (const t of tabs) {
      const selected = t === tab
      t.setAttribute('aria-selected', String(selected))
      t.tabIndex = selected ? 0 : -1
      document.getElementById(t.getAttribute('aria-controls')!)!.hidden = !selected
    }
    if (focus) tab.focus()
    onShow()
  }
  list.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]')
    if (tab) select(tab)
  })
  list.addEventListener('keydown', (event) => {
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement)
    if (index < 0) return
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(tabs[(next + tabs.length) % tabs.length], true)
  })
  // Open on the first section that has an error, else on the HTML.
  const withError = tabs.find((t) => document.getElementById(t.getAttribute('aria-controls')!)?.querySelector('[aria-invalid="true"]'))
  select(withError ?? tabs[0])
  return (panelId) => {
    const tab = tabs.find((t) => t.getAttribute('aria-controls') === panelId)
    if (tab) select(tab)
  }
}

// ---- the page ----

function start(): void {
  const form = document.getElementById('editor-form') as HTMLFormElement | null
  if (!form) return
  const readOnly = form.dataset.readonly === 'true'
  const previewUrl = form.dataset.previewUrl!
  const status = document.getElementById('preview-status')!
  const errorBox = document.getElementById('preview-error')!
  const frame = document.getElementById('preview-frame')!
  const image = document.getElementById('preview-image') as HTMLImageElement
  const pdfFrame = document.getElementById('preview-pdf-frame') as HTMLIFrameElement
  const versionInput = document.getElementById('preview-version') as HTMLInputElement
  const sourceNote = document.getElementById('preview-source')!
  const backToDraft = document.getElementById('preview-draft') as HTMLButtonElement
  const dirtyNote = document.getElementById('dirty-state')
  const htmlArea = document.getElementById('html-source') as HTMLTextAreaElement
  const dataArea = document.getElementById('sample-data') as HTMLTextAreaElement

  // A refused save comes back as this page with the edits and the errors (data-unsaved): they are still not
  // stored, so the page starts as changed and leaving it asks first.
  let dirty = false
  let submitting = false
  if (!readOnly && form.dataset.unsaved === 'true') {
    dirty = true
    if (dirtyNote) dirtyNote.textContent = 'Unsaved changes (not saved: see the errors above)'
  }
  const changed = () => {
    if (!readOnly && !dirty) {
      dirty = true
      if (dirtyNote) dirtyNote.textContent = 'Unsaved changes'
    }
    if (!versionInput.value || readOnly) schedule()
  }

  const htmlView = mountEditor(htmlArea, [html({ matchClosingTags: true, autoCloseTags: true }), liquidHighlight], changed)
  const dataView = mountEditor(dataArea, json(), changed)
  const showPanel = setUpTabs(() => { htmlView.requestMeasure(); dataView.requestMeasure() })

  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | null = null
  let sequence = 0
  let renders = 0
  let objectUrl: string | null = null

  function schedule(delay = PREVIEW_DELAY_MS): void {
    clearTimeout(timer)
    timer = setTimeout(() => void refresh(), delay)
  }

  /** What the render ignored or approximated, listed under the status line (none: the list is hidden). */
  function showWarnings(encoded: string | null, count: number): void {
    const list = document.getElementById('preview-warnings')
    if (!list) return
    let items: string[] = []
    try { items = encoded ? (JSON.parse(decodeURIComponent(encoded)) as string[]) : [] } catch { items = [] }
    list.replaceChildren(...items.map((text) => Object.assign(document.createElement('li'), { textContent: text })))
    if (count > items.length) list.append(Object.assign(document.createElement('li'), { textContent: `… and ${count - items.length} more` }))
    list.hidden = items.length === 0
  }

  function clearProblem(): void {
    errorBox.hidden = true
    errorBox.textContent = ''
    clearErrors(htmlView)
    clearErrors(dataView)
    frame.classList.remove('stale')
    for (const el of form!.querySelectorAll('[data-preview-invalid]')) {
      el.removeAttribute('data-preview-invalid')
      el.removeAttribute('aria-invalid')
    }
    for (const id of ['html-error', 'data-error']) {
      const p = document.getElementById(id)
      if (p) p.hidden = true
    }
  }

  function showProblem(problem: Problem): void {
    const where = problem.line ? `Line ${problem.line}, column ${problem.column ?? 1}: ` : ''
    errorBox.textContent = `${where}${problem.error}`
    errorBox.hidden = false
    frame.classList.add('stale')
    status.textContent = 'The preview shows the last version that rendered.'
    if (problem.target === 'html' && problem.line) {
      markError(htmlView, problem.line, problem.column ?? 1, problem.error)
      const p = document.getElementById('html-error')
      if (p) { p.textContent = `Line ${problem.line}, column ${problem.column ?? 1}: ${problem.error}`; p.hidden = false }
    } else if (problem.target === 'sampleData' && problem.line) {
      markError(dataView, problem.line, problem.column ?? 1, problem.error)
      const p = document.getElementById('data-error')
      if (p) { p.textContent = `Line ${problem.line}, column ${problem.column ?? 1}: ${problem.error}`; p.hidden = false }
    } else if (problem.target === 'settings' && problem.field) {
      const field = form!.querySelector<HTMLElement>(`[name="${CSS.escape(problem.field)}"], [name^="${CSS.escape(problem.field)}."]`)
      if (field) {
        field.setAttribute('aria-invalid', 'true')
        field.setAttribute('data-preview-invalid', '')
      }
    }
  }

  async function refresh(): Promise<void> {
    controller?.abort()
    controller = new AbortController()
    const mine = ++sequence
    status.textContent = 'Rendering…'
    frame.setAttribute('aria-busy', 'true')
    const body = new URLSearchParams()
    for (const [name, value] of new FormData(form!)) if (name !== 'intent' && typeof value === 'string') body.append(name, value)
    try {
      const response = await fetch(previewUrl, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'x-csrf-token': csrfToken, accept: 'image/png, application/pdf, application/json' },
        signal: controller.signal,
      })
      if (mine !== sequence) return
      if (response.status === 401) {
        showProblem({ error: 'You have been signed out. Save your work elsewhere, then sign in again.' })
        return
      }
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({ error: `The preview failed (${response.status})` }))) as Problem
        if (mine === sequence) showProblem(problem)
        return
      }
      const blob = await response.blob()
      if (mine !== sequence) return
      clearProblem()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
      objectUrl = URL.createObjectURL(blob)
      const isPdf = blob.type === 'application/pdf'
      image.hidden = isPdf
      pdfFrame.hidden = !isPdf
      if (isPdf) pdfFrame.src = objectUrl
      else image.src = objectUrl
      renders++
      frame.dataset.renders = String(renders)
      const ms = response.headers.get('x-quire-render-ms')
      const warned = Number(response.headers.get('quire-warnings') ?? 0)
      status.textContent = `Updated at ${new Date().toLocaleTimeString()}${ms ? ` · rendered in ${ms} ms` : ''} · ${(blob.size / 1024).toFixed(1)} KB ${isPdf ? 'PDF' : 'PNG'}` +
        (warned ? ` · ${warned} warning${warned === 1 ? '' : 's'}` : '')
      showWarnings(response.headers.get('quire-warning-list'), warned)
    } catch (error) {
      if ((error as Error).name === 'AbortError') return
      showProblem({ error: `The preview could not be fetched: ${(error as Error).message}` })
    } finally {
      if (mine === sequence) frame.removeAttribute('aria-busy')
    }
  }

  function previewVersion(id: string | null, number?: string): void {
    versionInput.value = id ?? ''
    sourceNote.firstChild!.textContent = id
      ? `Showing version ${number} with its own sample data. `
      : 'Showing the draft as it is in the editor (not saved yet). '
    backToDraft.hidden = !id || readOnly
    void refresh()
  }

  form.addEventListener('input', (event) => {
    const target = event.target as HTMLElement
    if (target.id === 'doc-name' || target.closest('.cm-editor')) return
    if (target.getAttribute('name') === 'previewFormat') return
    changed()
  })
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement
    if (target.name === 'previewFormat') return void refresh()
    if (target.id !== 'doc-name') changed()
  })
  form.addEventListener('submit', () => { submitting = true })
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-preview-version]')
    if (button) previewVersion(button.dataset.previewVersion!, button.dataset.previewNumber)
  })
  backToDraft.addEventListener('click', () => previewVersion(null))
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault()
      const save = form.querySelector<HTMLButtonElement>('[data-shortcut="save"]')
      if (save) form.requestSubmit(save)
    }
  })
  window.addEventListener('beforeunload', (event) => {
    if (dirty && !submitting) event.preventDefault()
  })
  // After a failed save the server marked the error; show its tab.
  if (htmlArea.dataset.errorLine) showPanel('panel-html')
  else if (dataArea.dataset.errorLine) showPanel('panel-data')
  void refresh()
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
else start()
