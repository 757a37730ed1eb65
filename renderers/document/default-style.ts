// Initial values of every computed property (CSS "initial", with Chromium's defaults where CSS leaves
// them to the user agent: 16px Times-like serif, black text).
import type { BorderSide, ComputedStyle } from './styled-tree.js'
import { AUTO_LINE, AUTO_TRACK } from './properties-grid.js'
import { BLACK } from './parse-color.js'
import { ZERO } from './parse-length.js'

const NO_BORDER: BorderSide = Object.freeze({ width: 0, style: 'none', color: BLACK }) as BorderSide

const INITIAL: ComputedStyle = {
  display: 'inline',
  flowRoot: false,
  position: 'static',
  top: 'auto', right: 'auto', bottom: 'auto', left: 'auto',
  zIndex: 'auto',
  float: 'none',
  clear: 'none',
  boxSizing: 'content-box',
  width: 'auto', height: 'auto', widthKeyword: null,
  minWidth: ZERO, minHeight: ZERO,
  maxWidth: 'none', maxHeight: 'none',
  marginTop: ZERO, marginRight: ZERO, marginBottom: ZERO, marginLeft: ZERO,
  paddingTop: ZERO, paddingRight: ZERO, paddingBottom: ZERO, paddingLeft: ZERO,
  borderTop: NO_BORDER, borderRight: NO_BORDER, borderBottom: NO_BORDER, borderLeft: NO_BORDER,
  borderRadius: [0, 0, 0, 0],
  backgroundColor: null,
  backgroundLayers: [],
  boxShadow: [],
  overflow: 'visible',
  visibility: 'visible',
  opacity: 1,
  clipRect: null,

  color: BLACK,
  fontFamily: ['serif'],
  fontSize: 16,
  fontWeight: 400,
  fontStyle: 'normal',
  lineHeight: { kind: 'normal' },
  textAlign: 'start',
  textAlignLast: 'auto',
  blockAlign: 'none',
  textDecoration: { underline: false, overline: false, lineThrough: false, color: null, style: 'solid' },
  textTransform: 'none',
  fontVariantCaps: 'normal',
  letterSpacing: 0,
  wordSpacing: 0,
  whiteSpace: 'normal',
  textIndent: ZERO,
  wordBreak: 'normal',
  overflowWrap: 'normal',
  direction: 'ltr',
  cjkLang: '',
  listStyleType: 'disc',
  listStylePosition: 'outside',
  borderCollapse: 'separate',
  borderSpacing: [0, 0],
  captionSide: 'top',
  zoom: 1,

  verticalAlign: 'baseline',
  tableLayout: 'auto',

  flexDirection: 'row',
  flexWrap: 'nowrap',
  justifyContent: 'normal',
  alignItems: 'normal',
  alignSelf: 'auto',
  alignContent: 'stretch',
  flexGrow: 0,
  flexShrink: 1,
  flexBasis: 'auto',
  order: 0,
  rowGap: ZERO,
  columnGap: ZERO,
  columnGapNormal: true,
  columnCount: 1,
  columnWidth: null,
  columnFill: 'balance',
  columnSpan: 'none',
  columnRule: NO_BORDER,
  transform: null,
  translate: null,
  rotate: null,
  scale: null,
  textShadow: [],
  aspectRatio: null,
  marginTrim: null,
  borderImage: null,
  transformOrigin: [{ px: 0, pct: 50 }, { px: 0, pct: 50 }],
  gridTemplateColumns: null,
  gridTemplateRows: null,
  gridTemplateAreas: null,
  gridAutoColumns: [AUTO_TRACK],
  gridAutoRows: [AUTO_TRACK],
  gridAutoFlow: 'row',
  gridColumnStart: AUTO_LINE, gridColumnEnd: AUTO_LINE, gridRowStart: AUTO_LINE, gridRowEnd: AUTO_LINE,
  justifyItems: 'stretch',
  justifySelf: 'auto',

  breakBefore: 'auto',
  breakAfter: 'auto',
  breakInside: 'auto',
  page: null,
  orphans: 2,
  widows: 2,
  bookmarkLevel: null,
  bookmarkLabel: null,
}
Object.freeze(INITIAL)

/** A fresh copy of the initial style (for tests and for boxes that back-ends generate themselves). */
export function defaultStyle(): ComputedStyle {
  return { ...INITIAL }
}

/** The shared frozen initial style: read-only, for the cascade's own use. */
export const INITIAL_STYLE: ComputedStyle = INITIAL

/**
 * A new style holding the parent's inherited values and initial values elsewhere. Written out as one
 * object literal (rather than spreads) so every style shares one hidden class: this runs per element.
 */
export function inheritStyle(p: ComputedStyle): ComputedStyle {
  const i = INITIAL
  return {
    display: i.display, flowRoot: i.flowRoot, position: i.position, top: i.top, right: i.right, bottom: i.bottom, left: i.left,
    zIndex: i.zIndex, float: i.float, clear: i.clear, boxSizing: i.boxSizing, width: i.width, widthKeyword: i.widthKeyword, height: i.height,
    minWidth: i.minWidth, minHeight: i.minHeight, maxWidth: i.maxWidth, maxHeight: i.maxHeight,
    marginTop: i.marginTop, marginRight: i.marginRight, marginBottom: i.marginBottom, marginLeft: i.marginLeft,
    paddingTop: i.paddingTop, paddingRight: i.paddingRight, paddingBottom: i.paddingBottom, paddingLeft: i.paddingLeft,
    borderTop: i.borderTop, borderRight: i.borderRight, borderBottom: i.borderBottom, borderLeft: i.borderLeft,
    borderRadius: i.borderRadius, backgroundColor: i.backgroundColor, backgroundLayers: i.backgroundLayers,
    boxShadow: i.boxShadow, overflow: i.overflow, visibility: p.visibility, opacity: i.opacity, clipRect: i.clipRect,
    color: p.color, fontFamily: p.fontFamily, fontSize: p.fontSize, fontWeight: p.fontWeight, fontStyle: p.fontStyle,
    lineHeight: p.lineHeight, textAlign: p.textAlign, textAlignLast: p.textAlignLast, blockAlign: p.blockAlign, textDecoration: p.textDecoration, textTransform: p.textTransform,
    fontVariantCaps: p.fontVariantCaps,
    letterSpacing: p.letterSpacing, wordSpacing: p.wordSpacing, whiteSpace: p.whiteSpace, textIndent: p.textIndent,
    wordBreak: p.wordBreak, overflowWrap: p.overflowWrap, direction: p.direction, cjkLang: p.cjkLang, listStyleType: p.listStyleType,
    listStylePosition: p.listStylePosition, borderCollapse: p.borderCollapse, borderSpacing: p.borderSpacing,
    captionSide: p.captionSide, zoom: p.zoom,
    verticalAlign: i.verticalAlign, tableLayout: i.tableLayout,
    flexDirection: i.flexDirection, flexWrap: i.flexWrap, justifyContent: i.justifyContent, alignItems: i.alignItems,
    alignSelf: i.alignSelf, alignContent: i.alignContent, flexGrow: i.flexGrow, flexShrink: i.flexShrink,
    flexBasis: i.flexBasis, order: i.order, rowGap: i.rowGap, columnGap: i.columnGap, columnGapNormal: i.columnGapNormal, columnCount: i.columnCount, columnWidth: i.columnWidth, columnFill: i.columnFill, columnSpan: i.columnSpan, columnRule: i.columnRule,
    textShadow: p.textShadow, transform: i.transform, translate: i.translate, rotate: i.rotate, scale: i.scale, transformOrigin: i.transformOrigin, aspectRatio: i.aspectRatio, marginTrim: i.marginTrim, borderImage: i.borderImage,
    gridTemplateColumns: i.gridTemplateColumns, gridTemplateRows: i.gridTemplateRows, gridTemplateAreas: i.gridTemplateAreas,
    gridAutoColumns: i.gridAutoColumns, gridAutoRows: i.gridAutoRows, gridAutoFlow: i.gridAutoFlow,
    gridColumnStart: i.gridColumnStart, gridColumnEnd: i.gridColumnEnd, gridRowStart: i.gridRowStart, gridRowEnd: i.gridRowEnd,
    justifyItems: i.justifyItems, justifySelf: i.justifySelf,
    breakBefore: i.breakBefore, breakAfter: i.breakAfter, breakInside: i.breakInside, page: i.page, orphans: p.orphans, widows: p.widows,
    bookmarkLevel: i.bookmarkLevel, bookmarkLabel: i.bookmarkLabel,
  }
}
