// The one switch for every place that reaches into another project's internals for speed or memory (the
// inventory is docs/internals.md): QUIRE_PATCHES=off makes each of them take the dependency's own path, so
// that after a dependency update one run tells a broken patch from a broken engine. The output is the same
// document (the PDF's compressed bytes differ: pdfkit's own deflate level). Read here rather than through
// src/config.ts because the render workers and the renderer tests need it too, before any patch is installed;
// src/config.ts checks its value at start.
export const PATCHES_ON: boolean = (process.env.QUIRE_PATCHES ?? '').trim().toLowerCase() !== 'off'
