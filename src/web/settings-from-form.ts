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

/** `null` when the field is empty: an optional setting left at its default is not stored. */
function optionalText(form: Form, name: string): string | null {
  const value = text(form, name).trim()
  return value === '' ? null : value
}

/**
 * settings.pdf from its fields (`pdf.tagged`, `pdf.facturX.level` …). A member at its default is null (absent),
 * and so is `pdf` itself when every member is, so a template whose PDF settings were never touched stores none.
 */
function pdfSettings(form: Form): Record<string, unknown> | null {
  const metadata: Record<string, string> = {}
  for (const key of ['title', 'author', 'subject', 'keywords', 'creator']) {
    const value = optionalText(form, `pdf.metadata.${key}`)
    if (value !== null) metadata[key] = value
  }
  const facturXBlock = optionalText(form, 'pdf.facturX.blockId')
  const facturXOn = checked(form, 'pdf.facturX.enabled')
  const pdf: Record<string, unknown> = {
    // The two default-on settings are sent only when switched off.
    tagged: checked(form, 'pdf.tagged') ? null : false,
    outline: checked(form, 'pdf.outline') ? null : false,
    pdfA: optionalText(form, 'pdf.pdfA'),
    pdfUA: checked(form, 'pdf.pdfUA') ? true : null,
    strict: checked(form, 'pdf.strict') ? true : null,
    lang: optionalText(form, 'pdf.lang'),
    metadata: Object.keys(metadata).length > 0 ? metadata : null,
    facturX: facturXOn || facturXBlock !== null
      ? { enabled: facturXOn, blockId: facturXBlock, level: text(form, 'pdf.facturX.level'), documentType: optionalText(form, 'pdf.facturX.documentType') }
      : null,
  }
  return Object.values(pdf).some((value) => value !== null) ? pdf : null
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
    // "warn" is the default: stored as absent.
    missingVariables: text(form, 'missingVariables') === 'error' ? 'error' : null,
    pdf: pdfSettings(form),
  }
}

/** `Invalid settings: settings.marginsMm.top must be …` → `marginsMm.top` (the form field's name). */
export function settingsErrorField(message: string): string | null {
  const match = /settings\.([A-Za-z][A-Za-z.]*)/.exec(message)
  return match ? match[1].replace(/\.$/, '') : null
}
