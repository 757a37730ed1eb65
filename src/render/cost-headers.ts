// What a render cost, for a caller pricing per document or sizing a node: `Quire-Cpu-Ms` (the render worker
// thread's CPU), `Quire-Pages` and `Quire-Bytes` on every sync render. The async status and webhook body carry
// the same figures (costFields). A figure the worker could not measure is left out.
import type { RenderOutput } from '../../renderers/contract.js'

export interface RenderCost { cpuMs?: number; pages?: number; bytes: number }

/** A streamed render's bytes count those handed on ahead of its output (`streamedBytes`) too. */
export function costOf(output: Pick<RenderOutput, 'bytes' | 'pages' | 'cpuMs' | 'streamedBytes'>): RenderCost {
  return {
    ...(output.cpuMs !== undefined ? { cpuMs: Math.round(output.cpuMs * 10) / 10 } : {}),
    ...(output.pages !== undefined ? { pages: output.pages } : {}),
    bytes: output.bytes.byteLength + (output.streamedBytes ?? 0),
  }
}

export function costHeaders(output: Pick<RenderOutput, 'bytes' | 'pages' | 'cpuMs' | 'streamedBytes'>): Record<string, string> {
  const cost = costOf(output)
  return {
    ...(cost.cpuMs !== undefined ? { 'quire-cpu-ms': cost.cpuMs.toFixed(1) } : {}),
    ...(cost.pages !== undefined ? { 'quire-pages': String(cost.pages) } : {}),
    'quire-bytes': String(cost.bytes),
  }
}
