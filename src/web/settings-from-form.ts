// The editor's settings form → a complete settings input for parseSettings. Field names are the
// setting paths (`marginsMm.top`, `security.permitPrint`), so an error from parseSettings
// (`settings.marginsMm.top must be …`) points straight back at its field. Checkboxes are absent when
// unchecked, so every boolean is read as "present means true".

type Form = Record<string, unknown>

function text(form: Form, name: string): string {
  const value = form[name]
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[value.length - 1] ?? '') : ''
}

function checked(form: Form, name: string): boolean {
  const value = text(form, name)
  return value !== '' && value !== 'false' && value !== 'off'
}

/** A number when the field holds one; otherwise the raw text, which parseSettings rejects by name. */
function mm(form: Form, name: string): number | string {
  const raw = text(form, name).trim().replace(',', '.')
  return raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw
}

function margins(form: Form, prefix: string) {
  return { top: mm(form, `${prefix}.top`), right: mm(form, `${prefix}.right`), bottom: mm(form, `${prefix}.bottom`), left: mm(form, `${prefix}.left`) }
}

function blockRef(form: Form, which: 'header' | 'footer') {
  const blockId = text(form, `${which}.blockId`)
  return { enabled: checked(form, `${which}.enabled`), blockId: blockId === '' ? null : blockId }
}

export function settingsFromForm(form: Form): Record<string, unknown> {
  const size = text(form, 'paper.size')
  const coverOrientation = text(form, 'cover.orientation')
  return {
    paper: size === 'Custom'
      ? { size, widthMm: mm(form, 'paper.widthMm'), heightMm: mm(form, 'paper.heightMm') }
      : { size },
    orientation: text(form, 'orientation'),
    printBackground: checked(form, 'printBackground'),
    marginsMm: margins(form, 'marginsMm'),
    header: blockRef(form, 'header'),
    footer: blockRef(form, 'footer'),
    cover: {
      enabled: checked(form, 'cover.enabled'),
      // null clears an optional member: "same as the other pages".
      marginsMm: checked(form, 'cover.customMargins') ? margins(form, 'cover.marginsMm') : null,
      hideHeaderFooter: checked(form, 'cover.hideHeaderFooter'),
      orientation: coverOrientation === '' ? null : coverOrientation,
    },
    security: {
      passwordEnabled: checked(form, 'security.passwordEnabled'),
      password: text(form, 'security.password'),
      permitPrint: checked(form, 'security.permitPrint'),
      permitModify: checked(form, 'security.permitModify'),
      permitExtract: checked(form, 'security.permitExtract'),
      permitAnnotations: checked(form, 'security.permitAnnotations'),
    },
    disablePageBreakCalculation: checked(form, 'disablePageBreakCalculation'),
  }
}

/** `Invalid settings: settings.marginsMm.top must be …` → `marginsMm.top` (the form field's name). */
export function settingsErrorField(message: string): string | null {
  const match = /settings\.([A-Za-z][A-Za-z.]*)/.exec(message)
  return match ? match[1].replace(/\.$/, '') : null
}
