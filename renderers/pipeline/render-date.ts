import { RenderError, type RenderTask } from '../contract.js'

/** The date a render writes into its output: the task's fixed `now` (tests, deterministic output) or the current time. */
export function renderDate(task: Pick<RenderTask, 'now'>): Date {
  const date = task.now ? new Date(task.now) : new Date()
  if (Number.isNaN(date.getTime())) throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', `task.now "${task.now}" is not a valid date`)
  return date
}
