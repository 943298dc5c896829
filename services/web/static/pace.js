// The display queue: the game's events are shown one at a time at a pace a person can
// follow (the backend stays as fast as it is). A move of another seat waits `pace` ms
// after the one before; everything else (the player's own moves, the clock) is at once;
// all of it at once with prefers-reduced-motion, in a hidden tab, or when far behind.
const BEHIND = 12; // queued moves beyond which the page catches up at once

export class DisplayQueue {
  /** @param {(item) => number} delayOf ms to wait before `item`; @param {(item) => boolean} apply
   *  shows it (false: hold the queue until `release()`). */
  constructor(delayOf, apply) {
    this.delayOf = delayOf;
    this.apply = apply;
    this.items = [];
    this.held = false;
    this.timer = null;
    this.last = 0;
  }

  push(item) {
    this.items.push(item);
    this._pump();
  }

  clear() {
    this.items.length = 0;
    this.held = false;
    clearTimeout(this.timer);
    this.timer = null;
  }

  get empty() { return this.items.length === 0 && !this.held; }

  /** The next item still to be shown (the seat about to move). */
  peek() { return this.items[0]; }

  release() {
    this.held = false;
    this._pump();
  }

  behind() {
    const moves = this.items.filter((e) => e.event_type === "CardsPlayed" || e.event_type === "Passed");
    return document.hidden || moves.length > BEHIND
      || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  }

  _pump() {
    if (this.timer || this.held || !this.items.length) return;
    const wait = this.behind() ? 0 : this.delayOf(this.items[0]) - (performance.now() - this.last);
    if (wait > 0) {
      this.timer = setTimeout(() => { this.timer = null; this._pump(); }, wait);
      return;
    }
    const item = this.items.shift();
    this.last = performance.now();
    if (this.apply(item) === false) {
      this.held = true;
      return;
    }
    // One item a task, even catching up: each move is a frame of its own (what the page
    // announces and what observes it see every move, not only the last of a burst).
    if (this.items.length) this.timer = setTimeout(() => { this.timer = null; this._pump(); }, 0);
  }
}
