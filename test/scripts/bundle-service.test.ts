import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import t from 'tap'

const externals = new URL('../../scripts/service-externals.mjs', import.meta.url).href
const { EXTERNAL } = (await import(externals)) as { EXTERNAL: string[] }
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> }
const optional = Object.keys(pkg.peerDependencies)
/** The font packages renderers/fonts can read by path (require.resolve): installed, never imported (CJK ones are optional). */
const fontPackages = [...new Set(readFileSync('renderers/fonts/index.ts', 'utf8').match(/@expo-google-fonts\/[a-z-]+|dejavu-fonts-ttf/g))]

t.test('production dependencies are exactly what the bundle leaves in node_modules, plus the font files', async (t) => {
  t.ok(fontPackages.length >= 2, 'the font table names its packages')
  const dependencies = Object.keys(pkg.dependencies)
  const code = dependencies.filter((name) => !fontPackages.includes(name)).sort()
  t.same(code, EXTERNAL.filter((name) => !optional.includes(name)).sort(), 'a bundled package belongs in devDependencies; an external one in dependencies')
  t.ok(dependencies.includes('dejavu-fonts-ttf') && dependencies.includes('@expo-google-fonts/arimo'), 'the default faces are dependencies')
  t.same(EXTERNAL.filter((name) => optional.includes(name)).sort(), optional.slice().sort(), 'every optional peer stays external, so its absence is "Cannot find package"')
})

const SERVICE = 'dist/service'
t.test('the bundle imports only node built-ins and the external packages', { skip: !existsSync(`${SERVICE}/cli.js`) && 'run npm run build first' }, async (t) => {
  const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)])
  const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')
  const found = new Set<string>()
  for (const file of readdirSync(SERVICE).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(`${SERVICE}/${file}`, 'utf8')
    // import … from "x", import("x") and the require() calls esbuild writes: __require("x") for the externals
    // scripts/bundle-service.mjs loads with require(), require2("x") for a createRequire() in the sources. A plain
    // require("x") is left out: Ajv's and fast-json-stringify's generated code names their runtime files in code
    // strings that are never loaded from node_modules (both are bundled).
    for (const [, spec] of code.matchAll(/(?<![.\w$])(?:from|import|__require|require\d+)\s*\(?\s*["']((?:@[\w.-]+\/)?[\w-][\w.-]*(?:\/[\w./-]*)?)["']/g)) {
      if (!builtins.has(spec!)) found.add(packageOf(spec!))
    }
  }
  t.ok(found.has('pdfkit') && found.has('piscina') && found.has('fontkit'), 'the scan sees the bundle\'s imports')
  t.same([...found].filter((name) => !EXTERNAL.includes(name)), [], 'no other package is imported from node_modules')
})

t.test('the render worker loads at start only what a PDF render needs', { skip: !existsSync(`${SERVICE}/meta.json`) && 'run npm run build first' }, async (t) => {
  // The files the worker entry imports statically (esbuild's metafile): what every worker compiles and runs before
  // it is ready. css-tree with its CSS data (contentBlock()'s CSS scoping) and node-html-parser (the SVG image
  // check) are loaded on first use: together they were some 10 % of a worker's start; so is the HTTP client of
  // remote images and stylesheets (docs/operations.md#start-up-and-memory).
  const meta = JSON.parse(readFileSync(`${SERVICE}/meta.json`, 'utf8')) as { outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }> }
  const loaded = new Set<string>()
  const visit = (output: string) => {
    if (loaded.has(output) || !meta.outputs[output]) return
    loaded.add(output)
    for (const i of meta.outputs[output]!.imports) if (i.kind === 'import-statement') visit(i.path)
  }
  visit(`${SERVICE}/worker.js`)
  const inputs = [...loaded].flatMap((output) => Object.keys(meta.outputs[output]!.inputs))
  t.ok(inputs.some((input) => input.includes('node_modules/parse5/')), 'the scan sees the PDF engine')
  for (const name of ['css-tree', 'mdn-data', 'node-html-parser']) {
    t.same(inputs.filter((input) => input.includes(`node_modules/${name}/`)), [], `${name} is not loaded with the worker`)
  }
  const builtins = new Set([...loaded].flatMap((output) => meta.outputs[output]!.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)))
  t.ok(builtins.has('node:zlib'), 'the scan sees the built-ins the worker imports')
  for (const name of ['node:http', 'node:https', 'node:dns/promises', 'node:net']) t.notOk(builtins.has(name), `${name} is not loaded with the worker`)
})
