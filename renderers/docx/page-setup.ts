// Word section page setup from the template settings and the document's @page rule — the same geometry
// the PDF back-end uses (a CSS page size or margins win over the settings, as in Chromium).
import { PageOrientation } from 'docx'
import type { TemplateSettings } from '../contract.js'
import type { PageRule } from '../document/styled-tree.js'
import { pageGeometry, type PageGeometry } from '../layout/paged/page-geometry.js'
import { twips } from './units.js'

export { pageGeometry, type PageGeometry }

export function pageSetup(settings: TemplateSettings, rule: PageRule) {
  const g = pageGeometry(settings, rule)
  const landscape = g.width > g.height
  return {
    geometry: g,
    page: {
      // docx swaps width and height itself for landscape, so it is given the portrait sides.
      size: {
        width: twips(landscape ? g.height : g.width),
        height: twips(landscape ? g.width : g.height),
        orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
      },
      margin: {
        top: twips(g.margins.top),
        right: twips(g.margins.right),
        bottom: twips(g.margins.bottom),
        left: twips(g.margins.left),
        // Header and footer sit inside the margins, a third of the way in (at most half an inch).
        header: twips(Math.min(48, g.margins.top / 3)),
        footer: twips(Math.min(48, g.margins.bottom / 3)),
      },
    },
  }
}
