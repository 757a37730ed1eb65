// The packages the production bundle (scripts/bundle-service.mjs) leaves in node_modules: these, the font
// packages renderers/fonts reads by path, and nothing else are package.json's dependencies; every other
// package the service uses is inside dist/service and a dev dependency (test/scripts/bundle-service.test.ts).
/** Packages loaded from node_modules at run time, each for a reason a bundle cannot carry. */
export const EXTERNAL = [
  // Native binaries (.node files, libvips, the C library's SQLite).
  'sharp', '@resvg/resvg-js', 'libsql',
  // Starts its own worker file from its package folder.
  'piscina',
  // Reads its data files (standard-font metrics, ICC profile) next to its code; its dependencies stay with it
  // so the worker holds one fontkit, not a bundled copy beside pdfkit's.
  'pdfkit', 'svg-to-pdfkit', 'fontkit', 'linebreak', 'fflate',
  // Emscripten module that locates itself by __dirname.
  'wawoff2',
  // Loaded with require() on first use (renderers/template/templateto/codes.ts): they stay out of every chunk.
  'bwip-js', 'qrcode',
  // Optional scale-out clients (src/optional-packages.ts): a missing one must fail as "Cannot find package".
  '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'bullmq', 'ioredis', 'pg',
]
