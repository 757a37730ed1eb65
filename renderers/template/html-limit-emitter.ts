// Collects Liquid output and stops the render as soon as it passes the size limit, instead of
// building an oversized string first and measuring it afterwards.
import { Drop, toValue, type Emitter } from 'liquidjs'
import type { TemplateOrigins } from './template-origins.js'

export class HtmlLimitExceeded extends Error {
  constructor(public readonly maxChars: number) {
    super(`rendered HTML is longer than ${maxChars} characters`)
    this.name = 'HtmlLimitExceeded'
  }
}

function stringify(value: unknown): string {
  const v = value instanceof Drop ? toValue(value) : value
  if (typeof v === 'string') return v
  if (v === null || v === undefined) return ''
  if (Array.isArray(v)) return v.map(stringify).join('')
  return String(v)
}

export class HtmlLimitEmitter implements Emitter {
  buffer = ''
  /** `origins`: where each write came from in the template, noted by the render loop (the document's emitter only). */
  constructor(private readonly maxChars: number, readonly origins: TemplateOrigins | null = null) {}

  write(html: unknown): void {
    this.buffer += stringify(html)
    if (this.buffer.length > this.maxChars) throw new HtmlLimitExceeded(this.maxChars)
  }
}
