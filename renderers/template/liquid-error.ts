// liquidjs errors → RenderError. liquidjs wraps the real cause (a limit, a missing block, a bad tag) in
// layers of RenderError, each pointing at the enclosing tag; the innermost one says what went wrong
// and where.
import { LiquidError } from 'liquidjs'
import { RenderError } from '../contract.js'
import { UnknownBlockError } from './block-scope.js'
import { HtmlLimitExceeded } from './html-limit-emitter.js'
import { MAX_TEMPLATE_CHARS, MEMORY_LIMIT_UNITS } from './liquid-engine.js'
import { explainSyntaxMessage } from './syntax-message.js'

interface Located { where: string; line: number; column: number }

function causes(err: unknown): unknown[] {
  const chain: unknown[] = []
  let cur: unknown = err
  while (cur && chain.length < 100) {
    chain.push(cur)
    cur = (cur as { originalError?: unknown }).originalError
  }
  return chain
}

/** liquidjs appends ", file:x, line:1, col:2" to messages; the position is reported separately. */
function plainMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  return message.replace(/(, file:.*?)?, line:\d+, col:\d+$/s, '')
}

function locate(chain: unknown[], label: string): Located | null {
  const inner = chain.filter((e) => LiquidError.is(e)).pop() as LiquidError | undefined
  const token = inner?.token
  if (!token) return null
  const [line, column] = token.getPosition()
  return { where: token.file ? `content block '${token.file}'` : label, line, column }
}

function at(loc: Located | null, fallback: string): string {
  return loc ? `${loc.where} at line ${loc.line}, column ${loc.column}` : fallback
}

export function toRenderError(err: unknown, label: string, renderMs: number): RenderError {
  if (err instanceof RenderError) return err
  const chain = causes(err)
  const loc = locate(chain, label)
  const root = chain[chain.length - 1]

  const htmlLimit = chain.find((e) => e instanceof HtmlLimitExceeded) as HtmlLimitExceeded | undefined
  if (htmlLimit) return new RenderError('QUIRE_ERR_RENDER_HTML_LIMIT', `${htmlLimit.message} (limit maxHtmlChars, stopped in ${at(loc, label)})`)

  const unknownBlock = chain.find((e) => e instanceof UnknownBlockError) as UnknownBlockError | undefined
  if (unknownBlock) return new RenderError('QUIRE_ERR_TEMPLATE_RENDER', `${unknownBlock.message}, included from ${at(loc, label)}`)

  const rootMessage = plainMessage(root)
  if (rootMessage === 'template render limit exceeded') {
    return new RenderError('QUIRE_ERR_TEMPLATE_LIMIT', `template render time limit of ${renderMs} ms exceeded (templateRenderMs), stopped in ${at(loc, label)}`)
  }
  if (rootMessage === 'memory alloc limit exceeded') {
    return new RenderError('QUIRE_ERR_TEMPLATE_LIMIT', `template memory limit of ${MEMORY_LIMIT_UNITS} units exceeded in ${at(loc, label)} (a range or filter result too large)`)
  }
  if (rootMessage === 'parse length limit exceeded') {
    return new RenderError('QUIRE_ERR_TEMPLATE_LIMIT', `${loc?.where ?? label} is longer than the parse limit of ${MAX_TEMPLATE_CHARS} characters`)
  }
  if (root instanceof RangeError && /call stack/i.test(rootMessage)) {
    return new RenderError('QUIRE_ERR_TEMPLATE_LIMIT', `template nesting too deep (recursive include?) in ${at(loc, label)}`)
  }

  const syntax = chain.filter((e) => e instanceof Error && (e.name === 'ParseError' || e.name === 'TokenizationError')).pop()
  if (syntax) return new RenderError('QUIRE_ERR_TEMPLATE_SYNTAX', `Liquid syntax error in ${at(loc, label)}: ${explainSyntaxMessage(rootMessage)}`)

  return new RenderError('QUIRE_ERR_TEMPLATE_RENDER', `Liquid render error in ${at(loc, label)}: ${rootMessage}`)
}
