// Work on large inputs (a multi-megabyte job, an imported bundle, schema compiles) yields between its steps so
// that other requests, timers and /health get the event loop in between.

/** Resolves on a later turn of the event loop, after pending I/O callbacks and timers had their chance. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve))
