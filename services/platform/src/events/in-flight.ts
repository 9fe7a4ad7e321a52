/** Remembers work that is running so a stop can wait for it ("messages in flight finish first"). */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
