// The keys of the messages a worker posts to the pool: when it starts a task (the pool's time limit starts
// then), and when it has warmed its PDF engine up.
export const STARTED = 'quire:render-started'
export const WARMED_UP = 'quire:warmed-up'
