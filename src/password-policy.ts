// The one password rule for web-interface users, applied wherever a password is chosen: the web interface (a
// new user, a changed or reset password) and the CLI (`users create`, `users passwd`). Long enough to resist
// guessing behind the sign-in throttle; bounded so one request cannot make scrypt hash megabytes.
const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 1024

/** What is wrong with a chosen password, as a sentence to show; null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD_LENGTH) {
    return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`
  }
  if (password.length > MAX_PASSWORD_LENGTH) return `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters`
  return null
}
