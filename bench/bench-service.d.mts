export function serviceNodeFlags(): string[]
export function serviceStartEnv(): Record<string, string>
export function rssBytes(pid: number): number
export interface BenchService {
  pid: number
  base: string
  call(method: string, path: string, body?: unknown): Promise<Response>
  /** Saves a template and publishes it; resolves with its id. */
  published(name: string, html: string): Promise<string>
  /** A POST of `data` as JSON to `path`, as a client sends it; rejects on a non-200 answer. */
  renderer(path: string, data: unknown): () => Promise<void>
  pathFor(c: { format: string; width?: number; height?: number }, id: string): string
  stop(): Promise<void>
}
export function startBenchService(options?: { env?: Record<string, string>; nodeFlags?: string[] | null; stdout?: unknown }): Promise<BenchService>
