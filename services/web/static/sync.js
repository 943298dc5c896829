// One seat's connection to NATS over WebSocket, with the credentials of its ticket:
// subscribe first, then GetView, then every event above the view's version, in order, even
// those a later view already holds (the page shows each move); on a gap, a reconnect or a
// reload, GetView again, and that view is `fresh` (the page starts over from it). A ticket
// is good for one connection: a fresh one comes from the lobby (the seat's pass proves the
// seat) for every connect.
import { connect, JSONCodec, Events } from "/vendor/nats.js";

const codec = JSONCodec();
const RETRY_MS = 1000;

export class SeatLink {
  /**
   * @param {object} options natsUrl, prefix, tableId, seat, seatToken, ticket (first
   *   connection), fetchTicket() (a fresh one), and the callbacks onView(reply, fresh),
   *   onEvent(event, subject, gap), onPrompt(message), onStatus(state, detail),
   *   onRaw(entry), onSynced() (after each connection's first view)
   */
  constructor(options) {
    Object.assign(this, options);
    this.nc = null;
    this.version = 0; // the last game-stream event delivered
    this.viewVersion = -1;
    this.fresh = true; // the next view starts the page over (a new connection, a gap)
    this.closing = false;
    this.pendingView = null;
    this.user = `web-${this.tableId}-${this.seat}`;
    const base = `${this.prefix}.evt.table.${this.tableId}`;
    this.subjects = {
      public: `${base}.public`,
      seat: `${base}.seat.${this.seat}`,
      prompt: `${base}.seat.${this.seat}.prompt`,
      command: `${this.prefix}.cmd.game.${this.tableId}`,
    };
  }

  async start() {
    let failures = 0;
    while (!this.closing) {
      try {
        await this._session(); // returns once a connection that worked is closed
        failures = 0; // at once: a user JWT that expired is replaced unnoticed
      } catch (error) {
        failures += 1;
        this.onStatus("reconnecting", String(error?.message ?? error));
      }
      if (this.closing) break;
      if (failures) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async stop() {
    this.closing = true;
    if (this.nc) await this.nc.close().catch(() => {});
  }

  /** One connection, from its ticket to its close. */
  async _session() {
    const ticket = this.ticket ?? (await this.fetchTicket());
    this.ticket = null; // spent, whatever happens
    this.onStatus("connecting");
    const nc = await connect({
      servers: this.natsUrl,
      token: ticket,
      inboxPrefix: `_INBOX.${this.user}`,
      reconnect: false,
      timeout: 5000,
      name: this.user,
    });
    this.nc = nc;
    this.sessions = (this.sessions ?? 0) + 1;
    this.fresh = true;
    const buffered = [];
    let synced = false;
    const take = (subject, handler) => {
      const sub = nc.subscribe(subject);
      (async () => {
        for await (const msg of sub) {
          let data;
          try { data = codec.decode(msg.data); } catch { continue; }
          this.onRaw({ subject: msg.subject, version: data.version ?? data.stream_version, data });
          try {
            if (synced) handler(data, msg.subject);
            else buffered.push([handler, data, msg.subject]);
          } catch (error) { // one bad message must not end the subscription's loop
            this.onRaw({ subject: msg.subject, version: null, data: { error: String(error) } });
          }
        }
      })();
    };
    take(this.subjects.public, (event, subject) => this._event(event, subject));
    take(this.subjects.seat, (event, subject) => this._event(event, subject));
    take(this.subjects.prompt, (message) => this._prompt(message));
    await nc.flush(); // the subscriptions are in place before the view is asked for
    await this.refresh();
    synced = true;
    for (const [handler, data, subject] of buffered.splice(0)) handler(data, subject);
    this.onStatus("connected", `connection ${this.sessions} as ${this.user}`);
    this.onSynced?.();
    (async () => {
      for await (const status of nc.status()) {
        if (status.type === Events.Error || status.type === Events.Disconnect) {
          this.onRaw({ subject: "(connection)", version: null, data: status });
        }
      }
    })();
    const closed = await nc.closed();
    this.nc = null;
    if (!this.closing) this.onStatus("reconnecting", closed ? String(closed.message ?? closed) : "");
  }

  /** GetView: the whole state as of a version (coalesced while one is in flight). */
  async refresh() {
    if (this.pendingView) {
      this.again = true; // an event came meanwhile: ask once more after this one
      return this.pendingView;
    }
    this.pendingView = (async () => {
      try {
        const reply = await this.request({
          type: "GetView", table_id: this.tableId, seat: this.seat, seat_token: this.seatToken,
        });
        if (reply.type === "SeatView" && reply.stream_version >= this.viewVersion) {
          this.viewVersion = reply.stream_version;
          const fresh = this.fresh;
          if (fresh) this.version = Math.max(this.version, reply.stream_version);
          this.fresh = false;
          this.onView(reply, fresh);
        }
        return reply;
      } finally {
        this.pendingView = null;
        if (this.again && this.nc) {
          this.again = false;
          this.refresh().catch(() => {});
        }
      }
    })();
    return this.pendingView;
  }

  _event(event, subject) {
    if (event.type === "SeatEvent") {
      // a seat's private part comes after its public part: the view will show it
      if (event.version > this.viewVersion) this.refresh();
      return;
    }
    if (event.version <= this.version) return; // in the first view already, or seen
    if (event.version > this.version + 1) { // a gap: the state again from the view
      this.version = event.version;
      this.fresh = true;
      this.onEvent(event, subject, true);
      this.refresh();
      return;
    }
    this.version = event.version;
    this.onEvent(event, subject, false);
    this.refresh();
  }

  _prompt(message) {
    if (message.type === "TurnPrompt" && message.stream_version >= this.viewVersion) {
      this.viewVersion = message.stream_version;
      this.onView({ ...message, type: "SeatView" }, false);
    }
    this.onPrompt(message);
  }

  async request(body) {
    if (!this.nc) throw new Error("not connected");
    const msg = await this.nc.request(this.subjects.command, codec.encode(body), { timeout: 5000 });
    return codec.decode(msg.data);
  }
}
