import type { PresenceStore } from "./presence";

/** How often this page says again where it is: others forget those not heard from in PEER_TIMEOUT_MS. */
const ANNOUNCE_EVERY_MS = 20_000;
/** Moving through the grid announces the new line after this quiet time, not on every keystroke. */
const ANNOUNCE_QUIET_MS = 250;

/**
 * Tells the others where this person is (`send` with the line id, or null): after a move (a short
 * quiet time later), every 20 s, and when someone new appears (they have not heard it yet).
 */
export class PresenceAnnouncer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly presence: PresenceStore,
    /** The line the person is on now. */
    private readonly line: () => string | null,
    private readonly send: (line: string | null) => void,
  ) {}

  /** Announces every 20 s and to newcomers; returns the stop. */
  start(): () => void {
    let newcomers = this.presence.newcomers;
    const unsubscribe = this.presence.subscribe(() => {
      if (this.presence.newcomers === newcomers) return;
      newcomers = this.presence.newcomers;
      this.moved();
    });
    const every = setInterval(this.sendNow, ANNOUNCE_EVERY_MS);
    return () => {
      unsubscribe();
      clearInterval(every);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /** The person moved (or someone new needs to hear it): announced after a short quiet time. */
  moved(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.sendNow, ANNOUNCE_QUIET_MS);
  }

  private readonly sendNow = (): void => {
    this.timer = null;
    this.send(this.line());
  };
}
