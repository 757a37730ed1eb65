// What a render asks of the native helper process (native-process.ts) and what comes back. Buffers cross
// the process boundary as Uint8Array (Node's advanced IPC serialisation), copied once each way.

export type NativeTask =
  /** Our page SVG → straight RGBA pixels, by resvg (rasterize-svg.ts's options). */
  | { op: 'resvg'; svg: string; scale: number; background: string; defaultFontFamily: string }
  /** An SVG image → PNG, by librsvg through sharp, at a density and with a pixel limit. */
  | { op: 'svg-png'; svg: Uint8Array; density: number; limitInputPixels: number }

export type NativeReply =
  | { ok: true; pixels: Uint8Array; width: number; height: number }
  | { ok: true; png: Uint8Array }
  | { ok: false; message: string }

export interface NativeRequest { id: number; task: NativeTask }
export interface NativeResponse { id: number; reply: NativeReply }
