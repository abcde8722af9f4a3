/**
 * The sandbox's one clock: real time plus an offset that only moves forward
 * (POST /control/clock). Every expiry in the sandbox reads this clock.
 */
export class SandboxClock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000);
  }

  offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
