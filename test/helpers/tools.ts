// Real tools to look at outputs the way a user would: poppler for PDFs, unzip for ZIPs, sharp for images.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'

function withFile<T>(bytes: Uint8Array, name: string, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-test-'))
  try {
    const path = join(dir, name)
    writeFileSync(path, bytes)
    return use(path, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function pdfText(bytes: Uint8Array, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : []
  return withFile(bytes, 'doc.pdf', (path) => execFileSync('pdftotext', ['-layout', ...range, path, '-']).toString('utf8'))
}

export function pdfInfo(bytes: Uint8Array): Record<string, string> {
  const out = withFile(bytes, 'doc.pdf', (path) => execFileSync('pdfinfo', [path]).toString('utf8'))
  return Object.fromEntries(out.split('\n').filter(Boolean).map((line) => {
    const i = line.indexOf(':')
    return [line.slice(0, i).trim(), line.slice(i + 1).trim()]
  }))
}

export async function imageInfo(bytes: Uint8Array) {
  const meta = await sharp(bytes).metadata()
  return { format: meta.format, width: meta.width!, height: meta.height!, channels: meta.channels!, hasAlpha: meta.hasAlpha! }
}

/** The pixel (r, g, b, a) at x, y. */
export async function pixel(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * 4
  return [data[i], data[i + 1], data[i + 2], data[i + 3]]
}

/** Runs `use` on a temporary PDF file holding `bytes` (for qpdf, pdffonts, pdfinfo with options). */
export function withPdf<T>(bytes: Uint8Array, use: (path: string) => T): T {
  return withFile(bytes, 'doc.pdf', (path) => use(path))
}

/** The files of a ZIP, by name. */
export function unzip(bytes: Uint8Array): Map<string, Buffer> {
  return withFile(bytes, 'a.zip', (path, dir) => {
    const out = join(dir, 'out')
    execFileSync('unzip', ['-q', path, '-d', out])
    return new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]))
  })
}

/** The files embedded in a PDF, by name, as pdfdetach extracts them (`pdfdetach -saveall`). */
export function pdfAttachments(bytes: Uint8Array): Map<string, Buffer> {
  return withFile(bytes, 'doc.pdf', (path, dir) => {
    const out = join(dir, 'files')
    mkdirSync(out)
    execFileSync('pdfdetach', ['-saveall', '-o', out, path])
    return new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]))
  })
}
