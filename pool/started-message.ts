// The key of the message a worker posts when it starts a task: the pool's time limit starts then.
export const STARTED = 'quire:render-started'
