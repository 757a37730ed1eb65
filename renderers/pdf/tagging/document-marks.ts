// What painting records for a standard PDF while it draws: marked content (each run of text or image inside
// a BDC … EMC with an MCID, hung on its element's structure node; backgrounds, borders, bullets and
// repeated page furniture as Artifacts), link annotations as children of their Link element, where each
// link target and heading first appears (named destinations, the outline). Painting calls it through
// PaintTarget.marks, which is absent when a render wants none of this.
import type { StyledElement } from '../../document/styled-tree.js'
import { ARTIFACT, place, type Bookmark, type StructNode, type StructureSkeleton } from './structure-nodes.js'
import { textContent } from './alternate-text.js'

interface PdfkitMarking {
  addContent(data: Uint8Array): unknown
  page: { dictionary: unknown; structParentTreeKey: number }
  _convertRect(x: number, y: number, w: number, h: number): [number, number, number, number]
  createStructParentTreeNextKey(): number
}

/** An outline entry as painted: its bookmark and the destination name at its top. */
export interface BookmarkMark { bookmark: Bookmark; dest: string }

type Open = null | 'artifact' | StructNode

// The operators as bytes, with the line end pdfkit adds to text: pdfkit turns text into bytes with a
// charCodeAt loop in JavaScript for every write, and a tagged page writes a marker per run of text.
const latin1 = (operators: string) => Buffer.from(`${operators}\n`, 'latin1')
const EMC = latin1('EMC')
const ARTIFACT_BMC = latin1('/Artifact BMC')
const EMC_ARTIFACT_BMC = latin1('EMC\n/Artifact BMC')

/** What pdfkit's annotate() calls with the annotation it is about to write. */
export interface StructParent { add(annotation: { annotationRef: { data: Record<string, unknown> } }): void }

export class DocumentMarks {
  /** Per page: the structure node of each MCID (the page's entry in the parent tree). */
  readonly pageContent: Array<{ key: number; nodes: StructNode[] }> = []
  /** Link annotations: their parent-tree key and the Link node they belong to. */
  readonly annotations: Array<{ key: number; node: StructNode }> = []
  /** Bookmarks in the order painting found them (the outline sorts them into document order). */
  readonly bookmarks: BookmarkMark[] = []
  /** Named destinations: name → [page index, x, y] in PDF user space. */
  readonly destinations = new Map<string, [number, number, number]>()
  /** Destination names that link annotations jump to. */
  readonly linkedNames = new Set<string>()
  /** Each Link's text, read once however many annotations (lines) it has. */
  private readonly linkText = new Map<StructNode, string>()
  private open: Open = null
  private artifactDepth = 0
  private page = -1

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly skeleton: StructureSkeleton,
    /** Marked content and the structure tree (else only destinations and headings are recorded). */
    readonly tagged: boolean,
  ) {}

  private get pdf(): PdfkitMarking {
    return this.doc as unknown as PdfkitMarking
  }

  beginPage(index: number): void {
    this.page = index
    this.open = null
  }

  endPage(): void {
    this.close()
  }

  /** Ends the open marked-content sequence (before a graphics-state change, so marks nest inside q … Q). */
  close(): void {
    if (this.open === null) return
    this.pdf.addContent(EMC)
    this.open = null
  }

  /** Starts a marked-content sequence, ending the open one in the same write (one write per switch, not two). */
  private begin(operator: string, open: Open): void {
    this.pdf.addContent(latin1(this.open === null ? operator : `EMC\n${operator}`))
    this.open = open
  }

  /** What is painted next is an artifact: a background, a border, a bullet shape, a rule. */
  artifact(): void {
    if (!this.tagged || this.open === 'artifact') return
    this.pdf.addContent(this.open === null ? ARTIFACT_BMC : EMC_ARTIFACT_BMC)
    this.open = 'artifact'
  }

  /** Page furniture (header/footer, margin boxes, repeated table heads and fixed boxes): artifacts throughout. */
  furniture<T>(paint: () => T): T {
    this.close()
    this.artifactDepth++
    try {
      return paint()
    } finally {
      this.close()
      this.artifactDepth--
    }
  }

  /** What is painted next is content of `el` (a list marker goes to its item's label). */
  content(el: StyledElement | null | undefined, marker = false): void {
    if (!this.tagged) return
    const owner = this.nodeOf(el)
    if (owner === ARTIFACT || this.artifactDepth > 0) { this.artifact(); return }
    const node = marker && owner.label ? owner.label : owner.body ?? owner
    if (this.open === node) return
    let entry = this.pageContent[this.page]
    if (!entry) entry = this.pageContent[this.page] = { key: this.pdf.page.structParentTreeKey, nodes: [] }
    const mcid = entry.nodes.length
    entry.nodes.push(node)
    this.begin(`/${node.role} <</MCID ${mcid}>> BDC`, node)
    node.kids.push({ kind: 'mcid', page: this.page, mcid })
    if (!node.placed) place(node)
  }

  /** The element is painted at (x, y) in the current coordinates: the first time, it may be a link target or a heading. */
  position(el: StyledElement, x: number, y: number): void {
    // Most elements are neither: one lookup, and each watched element is looked at once.
    const watch = this.skeleton.watched.get(el)
    if (watch === undefined || this.artifactDepth > 0) return
    this.skeleton.watched.delete(el)
    const [px, py] = this.pdf._convertRect(x, y, 0, 0)
    if (watch.target !== null && !this.destinations.has(watch.target)) this.destinations.set(watch.target, [this.page, px, py])
    if (watch.bookmark) {
      const dest = `quire-heading-${this.bookmarks.length + 1}`
      this.destinations.set(dest, [this.page, px, py])
      this.bookmarks.push({ bookmark: watch.bookmark, dest })
    }
  }

  /**
   * pdfkit annotate() options for a link over `el`'s content: the structParent it hands the annotation to (so
   * that it becomes an OBJR of its Link element) and its /Contents, the link's text.
   */
  linkOptions(el: StyledElement | null | undefined): { structParent?: StructParent; Contents?: string } {
    if (!this.tagged || this.artifactDepth > 0) return {}
    let node = this.nodeOf(el)
    if (node === ARTIFACT) return {}
    while (node.role !== 'Link' && node.parent) node = node.parent
    if (node.role !== 'Link') return {}
    const link = node
    let text = this.linkText.get(link)
    if (text === undefined) this.linkText.set(link, (text = link.el ? textContent(link.el) : ''))
    const structParent: StructParent = {
      add: (annotation) => {
        // Before pdfkit ends the annotation object, so the key is written into it.
        const key = this.pdf.createStructParentTreeNextKey()
        annotation.annotationRef.data.StructParent = key
        link.kids.push({ kind: 'annot', page: this.page, ref: annotation.annotationRef })
        place(link)
        this.annotations.push({ key, node: link })
      },
    }
    return text ? { structParent, Contents: new String(text) as string } : { structParent }
  }

  private nodeOf(el: StyledElement | null | undefined): StructNode | typeof ARTIFACT {
    return (el && this.skeleton.of.get(el)) || this.skeleton.root
  }
}
