import { createScrollGate, type ScrollGate } from './scroll-gate';

export interface NextPageState {
  hasNextPage: boolean;
  /** Any fetch of the list under way (first page, refresh or next page). */
  isFetching: boolean;
  enabled: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Decides when an infinite list asks for its next page: the end marker is visible, a next page exists, nothing
 * is loading, and the gate is open. After every load the gate closes for `lockMs`; if the marker is still visible
 * when it opens again, the next page follows.
 */
export class NextPageTrigger {
  private visible = false;
  private loading = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private state: NextPageState = {
    hasNextPage: false,
    isFetching: false,
    enabled: false,
    fetchNextPage: () => Promise.resolve(),
  };
  private readonly gate: ScrollGate;

  constructor(private readonly lockMs: number) {
    this.gate = createScrollGate(lockMs);
  }

  update(state: NextPageState): void {
    this.state = state;
    this.check();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.check();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.visible = false;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.check, ms);
  }

  private readonly check = (): void => {
    const { hasNextPage, isFetching, enabled, fetchNextPage } = this.state;
    if (!this.visible || !enabled || !hasNextPage || isFetching || this.loading) return;
    const now = Date.now();
    if (!this.gate.isOpen(now)) {
      this.schedule(this.gate.remaining(now));
      return;
    }
    this.loading = true;
    void fetchNextPage()
      .catch(() => undefined)
      .finally(() => {
        this.loading = false;
        this.gate.lock(Date.now());
        if (this.visible) this.schedule(this.lockMs);
      });
  };
}
