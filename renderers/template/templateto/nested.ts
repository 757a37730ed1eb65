// Templates inside templates: repeat()'s item and wrapper templates, contentBlock()'s block rendered with
// its own data scope, Liquid inside a function's string argument. Each is rewritten like a main template,
// parsed once per engine and rendered synchronously with a child context (same time and memory budget).
import { JSONPath } from 'jsonpath-plus'
import { toValueSync, type Context, type Emitter, type Liquid, type Template } from 'liquidjs'
import { currentBlock, UnknownBlockError } from '../block-scope.js'
import { quoteInput } from '../quote-input.js'
import { HtmlLimitEmitter } from '../html-limit-emitter.js'
import { renderState } from './render-state.js'
import { rewriteFunctions } from './rewrite-functions.js'
import { scopeBlockCss } from './scope-block-css.js'

class NestedTemplateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NestedTemplateError'
  }
}

const MAX_PARSED = 512
const MAX_BLOCK_DEPTH = 16
const parsedByEngine = new WeakMap<Liquid, Map<string, Template[]>>()

function parsed(liquid: Liquid, key: string, text: () => string): Template[] {
  let cache = parsedByEngine.get(liquid)
  if (!cache) parsedByEngine.set(liquid, (cache = new Map()))
  const hit = cache.get(key)
  if (hit) return hit
  const templates = liquid.parse(rewriteFunctions(text()))
  if (cache.size >= MAX_PARSED) cache.delete(cache.keys().next().value as string)
  cache.set(key, templates)
  return templates
}

function renderInto(ctx: Context, liquid: Liquid, templates: Template[], scope: object, emitter: Emitter): void {
  const child = ctx.spawn(scope)
  toValueSync(liquid.renderer.renderTemplates(templates, child, emitter))
}

/** A Liquid string rendered with `scope`, returned as a string. */
export function renderNested(ctx: Context, liquid: Liquid, text: string, scope: object): string {
  const emitter = new HtmlLimitEmitter(Number.MAX_SAFE_INTEGER)
  renderInto(ctx, liquid, parsed(liquid, `text:${text}`, () => text), scope, emitter)
  return emitter.buffer
}

function query(fn: string, path: string, json: unknown): unknown[] {
  try {
    // eval 'safe': filter expressions such as ?(@.price > 10) run in jsonpath-plus's own evaluator, never as JavaScript.
    return JSONPath({ path, json: json as object, wrap: true, eval: 'safe' }) as unknown[]
  } catch (err) {
    throw new NestedTemplateError(`${fn}: JSONPath ${quoteInput(path)} is invalid: ${(err as Error).message.slice(0, 200)}`)
  }
}

function itemScope(item: unknown): object {
  return item !== null && typeof item === 'object' && !Array.isArray(item) ? { ...(item as object), _: item } : { _: item }
}

/** The wrapper's `_` placeholder: an underscore standing alone, not one inside a word such as my_list. */
const PLACEHOLDER = /(?<![\w-])_(?![\w-])/

/** repeat(jsonPath, itemTemplate, wrapperTemplate): the items JSONPath selects, each rendered with its own properties. */
export function repeatCall(ctx: Context, liquid: Liquid, path: string, item: string, wrapper: string, emitter: Emitter): undefined {
  if (path.trim() === '') throw new NestedTemplateError('repeat: the JSONPath is empty')
  const items = query('repeat', path, ctx.environments)
  const templates = parsed(liquid, `text:${item}`, () => item)
  const hole = PLACEHOLDER.exec(wrapper)
  const [before, after] = wrapper === '' ? ['', ''] : hole ? [wrapper.slice(0, hole.index), wrapper.slice(hole.index + 1)] : [wrapper, '']
  if (before) emitter.write(before.includes('{{') || before.includes('{%') ? renderNested(ctx, liquid, before, ctx.environments) : before)
  for (const it of items) renderInto(ctx, liquid, templates, itemScope(it), emitter)
  if (after) emitter.write(after.includes('{{') || after.includes('{%') ? renderNested(ctx, liquid, after, ctx.environments) : after)
  return undefined
}

function scopedData(ctx: Context, liquid: Liquid, dataScope: string, custom: string | undefined): unknown {
  if (/^all$/i.test(dataScope)) return ctx.environments
  if (/^custom$/i.test(dataScope)) {
    const json = renderNested(ctx, liquid, custom ?? '{}', ctx.environments)
    try {
      return JSON.parse(json)
    } catch (err) {
      throw new NestedTemplateError(`contentBlock: custom data is not JSON after Liquid (${(err as Error).message}): ${json.slice(0, 80)}`)
    }
  }
  const path = dataScope.startsWith('$') ? dataScope : `$.${dataScope}`
  const found = query('contentBlock', path, ctx.environments)
  return found[0]
}

/** contentBlock(blockId, componentId, dataScope, customData): the block inside <div id=componentId>, once per item of an array scope. */
export function contentBlockCall(ctx: Context, liquid: Liquid, blockId: string, componentId: string, dataScope: string, custom: string | undefined, emitter: Emitter): undefined {
  const block = currentBlock(blockId)
  if (!block) throw new UnknownBlockError(blockId)
  if (!/^[A-Za-z][\w-]*$/.test(componentId)) throw new NestedTemplateError(`contentBlock: componentId ${quoteInput(componentId)} must be a name such as header1 (letters, digits, - and _)`)
  const state = renderState()
  if (state.depth >= MAX_BLOCK_DEPTH) throw new NestedTemplateError(`contentBlock: blocks nested more than ${MAX_BLOCK_DEPTH} deep ('${blockId}' embeds itself?)`)
  const templates = parsed(liquid, `block:${block.cacheKey}`, () => block.text)
  const data = scopedData(ctx, liquid, dataScope, custom)
  const items = Array.isArray(data) ? data : [data]
  // Collected first so that the block's <style> rules can be scoped to its element.
  const collected = new HtmlLimitEmitter(Number.MAX_SAFE_INTEGER)
  state.depth++
  try {
    for (const item of items) renderInto(ctx, liquid, templates, item !== null && typeof item === 'object' ? (item as object) : { _: item }, collected)
  } finally {
    state.depth--
  }
  emitter.write(`<div id="${componentId}" class="tt-content-block">${scopeBlockCss(collected.buffer, componentId)}</div>`)
  return undefined
}
