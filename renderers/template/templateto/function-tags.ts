// The tags that TemplateTo's functions are rewritten into (rewrite-functions.ts): `tt_call` runs
// qrCode, barcode, repeat, contentBlock and isArray; `tt_dump` prints the data in scope; `secUp`/`secCt`
// are the section counters; the `tt_isarray` operator serves `{% if isArray(x) %}`.
import { Tag, Value, toValueSync, type Context, type Emitter, type Liquid, type TagToken, type Template, type TopLevelToken } from 'liquidjs'
import { HtmlLimitEmitter } from '../html-limit-emitter.js'
import { barcodeHtml, hexColour, qrCodeHtml, sizeArg } from './codes.js'
import { contentBlockCall, renderNested, repeatCall } from './nested.js'
import { renderState } from './render-state.js'

class UnknownFunctionError extends Error {
  constructor(public readonly fn: string) {
    super(`unknown function '${fn}' (TemplateTo functions: ${Object.keys(FUNCTIONS).join(', ')})`)
    this.name = 'UnknownFunctionError'
  }
}

class FunctionArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FunctionArgumentError'
  }
}

/** Top-level commas split the arguments; commas inside quotes, parentheses and brackets do not. */
function splitArgs(text: string): string[] {
  const args: string[] = []
  let depth = 0
  let quote: string | null = null
  let cur = ''
  for (const c of text) {
    if (quote) { if (c === quote) quote = null; cur += c; continue }
    if (c === '"' || c === "'") quote = c
    else if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) { args.push(cur.trim()); cur = ''; continue }
    cur += c
  }
  if (cur.trim() !== '' || args.length > 0) args.push(cur.trim())
  return args
}

type Fn = (ctx: Context, liquid: Liquid, args: unknown[], emitter: Emitter) => string | undefined
interface FnSpec { min: number; max: number; run: Fn }

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const bool = (v: unknown) => v === true || (typeof v === 'string' && /^true$/i.test(v)) || v === 1

/** String arguments may hold Liquid themselves: qrCode("https://x/order/{{order.id}}"). */
function expand(ctx: Context, liquid: Liquid, v: unknown): string {
  const s = str(v)
  return s.includes('{{') || s.includes('{%') ? renderNested(ctx, liquid, s, ctx.getAll() as Record<string, unknown>) : s
}

const FUNCTIONS: Record<string, FnSpec> = {
  isArray: { min: 1, max: 1, run: (_c, _l, [v]) => String(Array.isArray(v)) },
  qrCode: {
    min: 1, max: 6,
    run: (ctx, liquid, [content, fg, bg, margin, w, h]) => qrCodeHtml(expand(ctx, liquid, content), {
      foreground: hexColour('qrCode', 'foreground', fg, '#000000'),
      background: hexColour('qrCode', 'background', bg, '#ffffff'),
      margin: sizeArg('qrCode', 'margin', margin, 0),
      width: sizeArg('qrCode', 'width', w, 136),
      height: sizeArg('qrCode', 'height', h, 136),
    }),
  },
  barcode: {
    min: 2, max: 9,
    run: (ctx, liquid, [content, format, fg, bg, fontSize, margin, w, h, noText]) => barcodeHtml(expand(ctx, liquid, content), str(format), {
      foreground: hexColour('barcode', 'foreground', fg, '#000000'),
      background: hexColour('barcode', 'background', bg, '#ffffff'),
      fontSize: sizeArg('barcode', 'fontSize', fontSize, 10, 500),
      margin: sizeArg('barcode', 'margin', margin, 0),
      width: sizeArg('barcode', 'width', w, 136),
      height: sizeArg('barcode', 'height', h, 136),
      noText: bool(noText),
    }),
  },
  repeat: { min: 2, max: 3, run: (ctx, liquid, [path, item, wrapper], emitter) => repeatCall(ctx, liquid, str(path), str(item), str(wrapper), emitter) },
  contentBlock: {
    min: 3, max: 4,
    run: (ctx, liquid, [blockId, componentId, scope, custom], emitter) => contentBlockCall(ctx, liquid, str(blockId), str(componentId), str(scope), custom === undefined ? undefined : str(custom), emitter),
  },
}

class CallTag extends Tag {
  private readonly fn: string
  private readonly spec: FnSpec
  private readonly args: Value[]
  private readonly after: Value | null

  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid)
    const encoded = /^\s*("(?:[^"\\]|\\.)*")\s*("(?:[^"\\]|\\.)*")?/.exec(token.args)
    if (!encoded) throw new FunctionArgumentError('tt_call is written by Quire for function calls, not by hand')
    const call = JSON.parse(encoded[1]) as string
    const rest = encoded[2] ? (JSON.parse(encoded[2]) as string) : ''
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*\(([\s\S]*)\)$/.exec(call)
    if (!m) throw new FunctionArgumentError(`cannot read the function call '${call.slice(0, 60)}' (missing ')'?)`)
    this.fn = m[1]
    const spec = Object.prototype.hasOwnProperty.call(FUNCTIONS, this.fn) ? FUNCTIONS[this.fn] : undefined
    if (!spec) throw new UnknownFunctionError(this.fn)
    this.spec = spec
    const argTexts = splitArgs(m[2])
    if (argTexts.some((a) => a === '')) throw new FunctionArgumentError(`${this.fn}(): an argument is empty`)
    if (argTexts.length < spec.min || argTexts.length > spec.max) {
      throw new FunctionArgumentError(`${this.fn}() takes ${spec.min === spec.max ? spec.min : `${spec.min} to ${spec.max}`} arguments, got ${argTexts.length}`)
    }
    this.args = argTexts.map((a) => new Value(a, liquid))
    // `{{ fn(...) | filter }}`: the filters apply to the result, written as `_tt_result | filter`.
    this.after = /^\|/.test(rest) ? new Value(`_tt_result ${rest}`, liquid) : null
    if (rest !== '' && !this.after) throw new FunctionArgumentError(`unexpected '${rest.slice(0, 30)}' after ${this.fn}()`)
  }

  render(ctx: Context, emitter: Emitter): void {
    const argv = this.args.map((v) => toValueSync(v.value(ctx, false)))
    if (!this.after) {
      const out = this.spec.run(ctx, this.liquid, argv, emitter)
      if (out !== undefined) emitter.write(out)
      return
    }
    // Functions that write straight into the output (repeat, contentBlock) are collected first here.
    const collected = new HtmlLimitEmitter(Number.MAX_SAFE_INTEGER)
    const out = this.spec.run(ctx, this.liquid, argv, collected) ?? collected.buffer
    ctx.push({ _tt_result: out })
    try {
      emitter.write(toValueSync(this.after.value(ctx, false)))
    } finally {
      ctx.pop()
    }
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** `{{tt_dumpData}}`: the data in scope (a content block's scoped data) as pretty JSON in a <pre>. */
class DumpTag extends Tag {
  render(ctx: Context, emitter: Emitter): void {
    const scope = (ctx as unknown as { scopes: object[] }).scopes?.[0] ?? ctx.environments
    const data: Record<string, unknown> = { ...(ctx.environments as Record<string, unknown>), ...(scope as Record<string, unknown>) }
    emitter.write(`<pre class="tt-dump-data">${escapeHtml(JSON.stringify(data, null, 2) ?? '')}</pre>`)
  }
}

function counterName(token: TagToken, tag: string): string {
  const name = token.args.trim()
  if (!/^[A-Za-z_][\w-]*$/.test(name)) throw new FunctionArgumentError(`{% ${tag} %} needs a counter name such as mainSection, got '${name}'`)
  return name
}

/** `{% secUp name %}`: adds one to the counter and prints it (only when rendered, so skipped sections do not count). */
class SecUpTag extends Tag {
  private readonly counter: string
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid)
    this.counter = counterName(token, 'secUp')
  }
  render(_ctx: Context, emitter: Emitter): void {
    const counters = renderState().counters
    const next = (counters.get(this.counter) ?? 0) + 1
    counters.set(this.counter, next)
    emitter.write(String(next))
  }
}

/** `{% secCt name %}`: prints the counter without changing it. */
class SecCtTag extends Tag {
  private readonly counter: string
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid)
    this.counter = counterName(token, 'secCt')
  }
  render(_ctx: Context, emitter: Emitter): void {
    emitter.write(String(renderState().counters.get(this.counter) ?? 0))
  }
}

export function registerTemplateToTags(engine: Liquid): void {
  engine.registerTag('tt_call', CallTag)
  engine.registerTag('tt_dump', DumpTag)
  engine.registerTag('secUp', SecUpTag)
  engine.registerTag('secCt', SecCtTag)
}

export type { Template }
