// liquidjs renders with generators: an `{{ item.price | round: 2 }}` creates about ten of them (output, value,
// expression, token, property access, each filter), which made Liquid a tenth of a PDF render's time and a
// quarter of its allocation. Renders here are synchronous (templates and blocks are in memory), so the engine's
// template loop is replaced by one that writes HTML and evaluates outputs directly, with liquidjs's own
// filters, property reads and error types. Every tag (for, if, case, capture, …) still renders itself through
// liquidjs; when it renders its body it calls back into this loop. Anything unusual — operators, ranges,
// strict variables, collected errors, no emitter — takes liquidjs's own path.
import { HtmlLimitEmitter } from './html-limit-emitter.js'
import { noteMissingVariable } from './missing-variables.js'
import {
  Drop, LiquidError, Output, RenderError, TypeGuards, UndefinedVariableError, evalToken, toValueSync,
  type Context, type Emitter, type Filter, type Liquid, type Template,
} from 'liquidjs'

type Render = Liquid['renderer']
type Token = Output['value']['initial']['postfix'][number]
/** The parts of liquidjs's Filter that its render() reads (private in its typings). */
interface FilterParts { args: Array<Token | [string, Token]>; handler: (...args: unknown[]) => unknown; token: unknown; liquid: Liquid }
/** The parts of liquidjs's Context that its property access reads (findScope is private in its typings). */
interface ContextParts { findScope(key: unknown): unknown; readProperty(scope: unknown, key: unknown): unknown }

/** Drop values become what liquidjs's toValue() makes of them; whatever is returned lazily is run to its value. */
const plain = (value: unknown): unknown => toValueSync(value instanceof Drop ? value.valueOf() : value)

function evalSync(token: Token | undefined, ctx: Context, lenient = false): unknown {
  if (!token) return undefined
  if ('content' in token) return (token as { content: unknown }).content
  if (TypeGuards.isPropertyAccessToken(token) && !ctx.strictVariables) {
    const props = token.props.map((prop) => plain(evalSync(prop as Token, ctx)))
    try {
      const context = ctx as unknown as ContextParts
      let scope = token.variable ? evalSync(token.variable as Token, ctx, lenient) : context.findScope(props[0])
      for (const key of props) scope = toValueSync(context.readProperty(scope, key))
      return scope
    } catch (error) {
      throw new UndefinedVariableError(error as Error, token)
    }
  }
  return toValueSync(evalToken(token, ctx, lenient))
}

function applyFilter(filter: Filter, value: unknown, ctx: Context): unknown {
  const { args, handler, token, liquid } = filter as unknown as FilterParts
  const argv: unknown[] = [value]
  for (const arg of args) argv.push(Array.isArray(arg) ? [arg[0], evalSync(arg[1], ctx)] : evalSync(arg, ctx))
  return toValueSync(handler.apply({ context: ctx, token, liquid }, argv))
}

function renderOutput(output: Output, ctx: Context, emitter: Emitter): void {
  const { initial, filters } = output.value
  const lenient = ctx.opts.lenientIf && filters.length > 0 && filters[0].name === 'default'
  const single = initial.postfix.length === 1 && !TypeGuards.isOperatorToken(initial.postfix[0])
  let value = single ? evalSync(initial.postfix[0], ctx, lenient) : toValueSync(initial.evaluate(ctx, lenient))
  // `{{ x | default: … }}` expects x may be missing; any other output of a missing variable is reported.
  if (value === undefined && single && TypeGuards.isPropertyAccessToken(initial.postfix[0]) && filters[0]?.name !== 'default') {
    // The output's own token knows which content block it came from; its expression's token does not.
    noteMissingVariable(initial.postfix[0], (output as unknown as { token?: { file?: string } }).token?.file)
  }
  for (const filter of filters) value = applyFilter(filter, value, ctx)
  emitter.write(plain(value))
}

/** liquidjs's renderer with the synchronous template loop in place of its generator one. */
export function syncRenderer(original: Render, liquid: Liquid): Render {
  const HTML = liquid.parse('html')[0].constructor as new (...args: never[]) => Template & { str: string }
  const renderer: Render = Object.create(original)
  // Still a generator function: tags call it with `yield`; its whole body runs in the first step.
  renderer.renderTemplates = function* (templates: Template[], ctx: Context, emitter?: Emitter) {
    if (!emitter || ctx.opts.catchAllErrors) return yield original.renderTemplates(templates, ctx, emitter)
    ctx.renderLimit.check(performance.now())
    const origins = emitter instanceof HtmlLimitEmitter ? emitter.origins : null
    for (const tpl of templates) {
      ctx.renderLimit.check(performance.now())
      try {
        if (origins) origins.note(emitter.buffer.length, tpl.token, tpl instanceof HTML)
        if (tpl instanceof HTML) emitter.write(tpl.str)
        else if (tpl instanceof Output) renderOutput(tpl, ctx, emitter)
        else {
          const html = toValueSync(tpl.render(ctx, emitter))
          if (html) emitter.write(html)
        }
        if (ctx.breakCalled || ctx.continueCalled) break
      } catch (error) {
        throw LiquidError.is(error) ? error : new RenderError(error as Error, tpl)
      }
    }
    return (emitter as Emitter & { buffer?: unknown }).buffer
  }
  return renderer
}
