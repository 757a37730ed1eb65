// Small behaviours for every page: copy buttons, confirmation of destructive plain forms (htmx forms
// confirm through hx-confirm), focus on swapped-in results, and the new-key panel brought into view.

function copyText(text: string, button: HTMLElement): void {
  const done = () => {
    const label = button.textContent
    button.textContent = 'Copied'
    button.setAttribute('aria-live', 'polite')
    setTimeout(() => { button.textContent = label }, 1500)
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text) && done())
  } else if (fallbackCopy(text)) {
    done()
  }
}

/** Plain-http deployments have no Clipboard API: copy through a temporary selection. */
function fallbackCopy(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'offscreen'
  document.body.append(area)
  area.select()
  let ok = false
  try { ok = document.execCommand('copy') } catch { ok = false }
  area.remove()
  return ok
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLElement>('[data-copy], [data-copy-target]')
  if (!button) return
  const direct = button.dataset.copy
  if (direct !== undefined) return copyText(direct, button)
  const target = document.querySelector<HTMLElement>(button.dataset.copyTarget!)
  if (!target) return
  const text = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value : target.textContent ?? ''
  copyText(text.trim(), button)
})

document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement
  const message = form.dataset.confirm
  const htmxHandles = form.hasAttribute('hx-post') && 'htmx' in window
  if (message && !htmxHandles && !window.confirm(message)) event.preventDefault()
})

document.addEventListener('htmx:afterSwap', () => {
  const panel = document.getElementById('new-key')
  if (panel) panel.focus()
})

// A select that shows or hides a group (paper size "Custom" → custom width and height).
function syncToggles(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-toggles]')) {
    const group = document.getElementById(select.dataset.toggles!)
    if (group) group.hidden = select.value !== group.dataset.shownWhen
  }
}
document.addEventListener('change', (event) => {
  if ((event.target as Element).matches('select[data-toggles]')) syncToggles()
})
document.addEventListener('DOMContentLoaded', () => {
  document.documentElement.classList.add('js')
  syncToggles()
})
