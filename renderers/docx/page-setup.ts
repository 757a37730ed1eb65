// Word section page setup from the page geometry the composition stage chose (the settings' paper with the
// document's @page rule, as the PDF's: a CSS page size or margins win over the settings, as in Chromium).
import { PageOrientation } from 'docx'
import type { PageGeometry } from '../layout/paged/page-geometry.js'
import { twips } from './units.js'

export function pageSetup(g: PageGeometry) {
  const landscape = g.width > g.height
  return {
    /** CSS px that content flows into (percentages and image fitting). */
    contentWidth: g.width - g.margins.left - g.margins.right,
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
