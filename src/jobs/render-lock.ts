// Shared and exclusive turns at rendering within one node: an ordinary job renders beside others; a job whose
// earlier run was interrupted by the process dying renders alone, so if it stops the process again no other
// job dies with it and it alone is to blame (it is then Failed, not run a third time). An exclusive turn
// waiting keeps new shared turns from starting, so it is not starved.
export class RenderLock {
  private shared = 0
  private exclusive = false
  private readonly waiting: Array<{ exclusive: boolean; go: () => void }> = []

  async run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await this.acquire(exclusive)
    try {
      return await work()
    } finally {
      this.release(exclusive)
    }
  }

  private canGo(exclusive: boolean): boolean {
    return exclusive ? !this.exclusive && this.shared === 0 : !this.exclusive && !this.waiting.some((w) => w.exclusive)
  }

  private acquire(exclusive: boolean): Promise<void> {
    if (this.waiting.length === 0 && this.canGo(exclusive)) {
      this.take(exclusive)
      return Promise.resolve()
    }
    return new Promise((go) => this.waiting.push({ exclusive, go }))
  }

  private take(exclusive: boolean): void {
    if (exclusive) this.exclusive = true
    else this.shared++
  }

  private release(exclusive: boolean): void {
    if (exclusive) this.exclusive = false
    else this.shared--
    // First in, first out: the head goes when it can, and shared turns behind it go together.
    while (this.waiting.length > 0) {
      const head = this.waiting[0]
      if (head.exclusive ? this.exclusive || this.shared > 0 : this.exclusive) break
      this.waiting.shift()
      this.take(head.exclusive)
      head.go()
      if (head.exclusive) break
    }
  }
}
