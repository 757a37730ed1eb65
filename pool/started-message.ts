// The keys of the messages a worker posts to the pool: when it starts a task (the pool's time limit starts
// then), when it has warmed its PDF engine up, and — for a render the pool follows (pool/render-follow.ts) —
// its progress and the chunks of its file sent ahead of its result.
export const STARTED = 'quire:render-started'
export const WARMED_UP = 'quire:warmed-up'
export const PROGRESS = 'quire:render-progress'
export const CHUNK = 'quire:render-chunk'
