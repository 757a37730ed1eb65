// A finished pdfkit document lets go of everything it built. Something keeps the last PDFDocument of a render
// worker alive past the render: Node's nextTick loop (processTicksAndRejections) still holds the stream's
// last tick, emitCloseNT(doc), in its registers while the next render runs inside its microtasks (heap snapshot
// between renders: the document is reached only through "(Stack roots)"). So each document survived the
// scavenge that follows its render and was promoted at the next one (what holds it that long was not pinned
// down), its pages, fonts, output chunks and xref with it: most of what a render left in the old generation
// for the next full collection (bench invoice: 203 KB promoted per scavenge, one scavenge per 5 renders;
// 79 KB with the finished document emptied; docs/performance.md). Emptied once its output is out,
// the document that stays alive is a shell.
// The stream's own state stays: Node still emits 'close' on it after 'end'.

const STREAM_STATE = new Set(['_readableState', '_events', '_eventsCount', '_maxListeners'])

/** Drops every field of an ended pdfkit document except its stream state. */
export function releaseFinishedPdf(doc: PDFKit.PDFDocument): void {
  const fields = doc as unknown as Record<string, unknown>
  for (const key of Object.keys(fields)) if (!STREAM_STATE.has(key)) fields[key] = null
}
