// The browser table: the lobby, then one seat's game around a table (sync.js keeps the
// seat in step; model.js is what the table shows; pace.js lets it through at a human pace).
import { load, negotiate, t, has, card, locale, list, refusal, lobbyRefusal } from "/static/l10n.js";
import { cardsText, cardChips, fillLanguages } from "/static/words.js";
import { SeatLink } from "/static/sync.js";
import { DisplayQueue } from "/static/pace.js";
import { fromView, reconcile, applyEvent, winners } from "/static/model.js";
import { announce } from "/static/announce.js";
import { saveSeat, forgetSeat, savedSeats } from "/static/seats.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const DEBUG = params.get("debug") === "1";
const PACES = [0, 500, 1000];
const RESEND_MS = [500, 1000, 2000, 4000, 8000]; // a command's back-off, then "not sent"
const store = window.sessionStorage; // this tab's table (a reload goes back to it)
const state = {
  config: null, session: null, summary: null, link: null, reply: null, names: [],
  selected: new Set(), shown: null, status: "idle", downSince: null, everConnected: false,
  sending: null, stalledSince: null, refusal: null, lastTurn: -1, mine: {},
};
const queue = new DisplayQueue(delayOf, show);

// -- start ------------------------------------------------------------------

async function main() {
  state.config = await (await fetch("/api/config")).json();
  const available = state.config.locales;
  // ?lang= first (hr-HR, iw, he;q=0 read as the standards say), then the saved choice, then the browser's
  const chosen = [params.get("lang"), localStorage.getItem("president-lang")].filter(Boolean);
  await load(negotiate([...chosen, ...navigator.languages], available));
  languages(available);
  fillLobby();
  fillPace();
  $("rounds").max = state.config.limits?.rounds ?? $("rounds").max; // the lobby's limit
  $("debug").hidden = !DEBUG;
  document.addEventListener("keydown", onKey);
  $("lobby-form").addEventListener("submit", createTable);
  $("turn-seconds").addEventListener("input", clockRules);
  $("play").addEventListener("click", play);
  $("pass").addEventListener("click", pass);
  $("back").addEventListener("click", () => send("Back", {}));
  $("new-game").addEventListener("click", leaveTable);
  $("continue").addEventListener("click", nextRound);
  $("debug-resend").addEventListener("click", resend);
  setInterval(tick, 250);
  const saved = store.getItem("president-seat");
  // a seat of this tab's (a reload): back to it; a table that is gone: the lobby again
  if (saved) await enterTable(JSON.parse(saved), null).catch(leaveTable);
  else await listSeats();
  setStatus(state.status);
}

function languages(available) {
  fillLanguages($("language"), available, async (code) => {
    await load(code);
    $("status").dataset.state = "";
    $("hand").replaceChildren(); // the cards' words are the new language's
    languages(available);
    fillLobby();
    fillPace();
    render();
    listSeats();
    setStatus(state.status);
  });
}

function fillLobby() {
  const players = $("players");
  const was = players.value || "4";
  players.replaceChildren(...[3, 4, 5, 6].map((n) => new Option(String(n), String(n))));
  players.value = was;
  const level = $("ai-level");
  const chosen = level.value || "easy";
  level.replaceChildren(...["easy", "medium", "hard"].map((l) => new Option(t(`ai-${l}`), l)));
  level.value = chosen;
  clockRules();
}

/** The clock's and the away rules, said in the lobby when a clock is chosen. */
function clockRules() {
  const seconds = Number($("turn-seconds").value);
  $("clock-rules").hidden = !(seconds > 0);
  $("clock-rules").textContent = seconds > 0
    ? t("table-clock-rules", { seconds, after: 2, level: t(`ai-easy`) }) : "";
}

function pace() {
  const asked = params.get("pace") ?? localStorage.getItem("president-pace");
  return asked !== null && Number.isFinite(Number(asked)) ? Number(asked) : 500;
}

function fillPace() {
  const select = $("pace");
  const now = pace();
  const values = PACES.includes(now) ? PACES : [...PACES, now];
  select.replaceChildren(...values.map((ms) => new Option(
    ms ? t("table-pace-seconds", { seconds: ms / 1000 }) : t("table-pace-instant"), String(ms))));
  select.value = String(now);
  select.onchange = () => {
    params.delete("pace");
    localStorage.setItem("president-pace", select.value);
  };
}

// -- lobby ------------------------------------------------------------------

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    const retryAfter = response.headers.get("Retry-After");
    throw Object.assign(new Error(data.code), { code: data.code, params: data.params, retryAfter });
  }
  return data;
}

async function createTable(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  $("create").disabled = true;
  try {
    const players = Number($("players").value);
    const level = $("ai-level").value;
    const ai = {};
    for (let seat = 1; seat < players; seat++) ai[seat] = level;
    const seconds = Number($("turn-seconds").value);
    const { table_id } = await api("/api/tables", {
      players, rounds: Number($("rounds").value), revolution: $("revolution").checked, ai,
      turn_seconds: seconds > 0 ? seconds : null,
    });
    const grant = await api(`/api/tables/${table_id}/seats`, { name: $("player-name").value, seat: 0 });
    await api(`/api/tables/${table_id}/start`, {});
    const session = { table_id, seat: grant.seat, seat_token: grant.seat_token, pass: grant.pass };
    await enterTable(session, grant.ticket);
  } catch (error) {
    $("lobby-error").textContent = lobbyRefusal(error.code, error.params, error.retryAfter);
  } finally {
    $("create").disabled = false;
  }
}

/** The games this browser holds a seat in (until each ends), each a way back to it. */
async function listSeats() {
  const seats = savedSeats();
  const items = [];
  for (const session of seats) {
    let summary;
    try {
      summary = await api(`/api/tables/${session.table_id}`);
    } catch (error) {
      if (error.code === "UNKNOWN_TABLE") forgetSeat(session.table_id);
      continue;
    }
    if (summary.status === "finished") {
      forgetSeat(session.table_id);
      continue;
    }
    const li = document.createElement("li");
    li.dataset.table = session.table_id;
    const text = document.createElement("span");
    text.textContent = t("table-my-game", {
      players: summary.players, rounds: summary.options.rounds,
      others: summary.seats.filter((s) => s.seat !== session.seat)
        .map((s) => s.player_name || t(`ai-${s.level}`)).join(", "),
    });
    const button = document.createElement("button");
    button.type = "button";
    button.className = "rejoin";
    button.textContent = t("table-rejoin");
    button.addEventListener("click", () => enterTable(session, null).catch(leaveTable));
    li.append(text, button);
    items.push(li);
  }
  $("my-games-list").replaceChildren(...items);
  $("my-games").hidden = items.length === 0;
}

async function enterTable(session, ticket) {
  state.session = session;
  store.setItem("president-seat", JSON.stringify(session));
  saveSeat(session);
  const summary = state.summary = await api(`/api/tables/${session.table_id}`);
  state.names = summary.seats.map((s) => (s.kind === "ai"
    ? { ai: s.level, seat: s.seat } : { name: s.player_name, seat: s.seat }));
  state.shown = null;
  queue.clear();
  $("lobby").hidden = true;
  $("table").hidden = false;
  const link = state.link = new SeatLink({
    natsUrl: state.config.nats_url, prefix: state.config.prefix,
    tableId: session.table_id, seat: session.seat, seatToken: session.seat_token, ticket,
    fetchTicket: async () => (await api(
      `/api/tables/${session.table_id}/seats/${session.seat}/ticket`, { pass: session.pass })).ticket,
    onView, onEvent, onPrompt, onSynced, onStatus: setStatus, onRaw: debugEvent,
  });
  link.start();
}

function leaveTable() {
  store.removeItem("president-seat");
  store.removeItem("president-pending");
  state.link?.stop();
  queue.clear();
  state.link = state.reply = state.session = state.shown = null;
  document.title = t("web-title");
  $("table").hidden = true;
  $("lobby").hidden = false;
  listSeats();
}

// -- the game: views, events and the display queue -------------------------------

function name(seat) {
  const entry = state.names[seat];
  if (!entry) return t("seat-name", { seat });
  if (entry.ai) return t("ai-player", { level: t(`ai-${entry.ai}`), seat });
  return entry.name;
}

function me() { return state.session?.seat; }

function onView(reply, fresh) {
  state.reply = reply;
  const view = reply.view;
  if (view.exchanges.length) state.mine[view.round] = view.exchanges; // my cards in the exchange
  if (!state.shown || fresh) { // entering, a new connection or a gap: the view as it is
    queue.clear();
    state.shown = fromView(reply);
    state.shown.log = logFromView(view);
  }
  if (view.phase === "game_over") forgetSeat(state.session.table_id); // never kept longer
  const picked = [...state.selected];
  if (!combinations().some((combo) => picked.every((c) => combo.includes(c)))) state.selected.clear();
  render();
  $("debug-view").textContent = JSON.stringify(reply, null, 1);
}

function logFromView(view) {
  return (view.history ?? []).map((m) => ({ round: view.round, seat: m.seat, cards: m.cards }));
}

/** A command not answered before a reload or a lost connection is sent again, with its
 * id: if it took effect, the engine answers it as a duplicate. */
function onSynced() {
  const pending = store.getItem("president-pending");
  if (pending) deliver(JSON.parse(pending));
}

function onEvent(event, subject, gap) {
  if (gap) return; // the view that follows shows the table as it is
  queue.push(event);
}

function onPrompt(message) {
  if (message.type === "TurnEnded" && message.reason === "timed_out") render();
}

/** How long the display waits before `event`: another seat's move at the chosen pace. */
function delayOf(event) {
  const type = event.event_type;
  if (type !== "CardsPlayed" && type !== "Passed") return 0;
  return event.data.seat === me() ? 0 : pace();
}

/** Show one event; false holds the queue (a round's summary, until "Next round"). */
function show(event) {
  const shown = state.shown;
  if (!shown || event.version <= shown.version) return true;
  const told = applyEvent(shown, event);
  if (told) announce(narrate(told));
  if (told?.kind === "round" && shown.round < shown.rounds) {
    render();
    $("continue").focus();
    return false;
  }
  render();
  return true;
}

function nextRound() {
  state.shown.summary = null;
  queue.release();
  render();
  $("hand").querySelector("button.card:not(:disabled)")?.focus();
}

/** The display shows what the last view knows, no less and no more: the seat's actions
 * are live, and the view's facts are the table's. */
function caughtUp() {
  const shown = state.shown;
  return Boolean(shown && state.reply && queue.empty && !shown.summary
    && shown.version === state.reply.stream_version); // a view behind the display is stale
}

function narrate(told) {
  switch (told.kind) {
    case "played": return t("event-CardsPlayed", { name: name(told.seat), cards: cardsText(told.cards) });
    case "passed": return t("event-Passed", { name: name(told.seat) });
    case "trick": return t("event-TrickEnded", { name: name(told.winner) });
    case "finished": return t("event-PlayerFinished", { name: name(told.seat), place: told.place, title: told.title });
    case "reversed": return t("event-OrderReversed", { name: name(told.seat), reversed: told.reversed ? "yes" : "no" });
    case "round": return t("web-round-over", { round: told.round });
    case "over": return t("web-game-over");
    case "timeout": return t("event-TurnTimedOut", { name: name(told.seat) });
    case "away": return t("event-SeatAway", { name: name(told.seat), reason: "timeouts" });
    case "back": return t("event-SeatBack", { name: name(told.seat) });
    case "started": return t("event-PlayStarted", { leader: name(told.leader) });
    default: return "";
  }
}

// -- the seat's actions ----------------------------------------------------------------

/** The actions the hand's buttons can form now: plays, or the exchange's returns. */
function combinations() {
  const view = state.reply?.view;
  if (!view) return [];
  return view.legal_actions.filter((a) => a.play || a.return).map((a) => a.play || a.return);
}

function fits(cards) {
  return combinations().some((combo) => cards.every((c) => combo.includes(c)));
}

function chosenAction() {
  const picked = [...state.selected];
  return combinations().find((combo) => combo.length === picked.length && picked.every((c) => combo.includes(c)));
}

/** A card picked: added to the pick if they still form a legal action, else a new pick
 * (changing one's mind needs no un-pick first). */
function pick(code) {
  if (state.selected.has(code)) state.selected.delete(code);
  else if (fits([...state.selected, code])) state.selected.add(code);
  else state.selected = new Set([code]);
  renderHand();
}

async function play() {
  const combo = caughtUp() && chosenAction();
  if (!combo) return;
  await send(state.reply.view.phase === "exchange" ? "ReturnCards" : "PlayCards", { cards: combo });
}

async function pass() {
  if (caughtUp() && state.reply.view.legal_actions.some((a) => a.pass)) await send("Pass", {});
}

/** A command whose id follows from the version it was chosen on: sent again, it is a duplicate. */
async function send(type, fields) {
  if (state.sending) return;
  const { table_id, seat, seat_token } = state.session;
  const command = {
    type, command_id: `web:${table_id}:${state.reply.stream_version}:${seat}:${type}`,
    table_id, seat, seat_token, ...fields,
  };
  store.setItem("president-pending", JSON.stringify(command));
  store.setItem("president-last", JSON.stringify(command));
  await deliver(command);
}

/** Send `command` until it is answered: the same id again after a growing pause when no
 * one answers (no responders, a time-out), kept for the next connection if it drops. */
async function deliver(command) {
  state.sending = command;
  state.refusal = null;
  render();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await state.link.request(command);
        store.removeItem("president-pending");
        $("debug-reply").textContent = JSON.stringify(reply, null, 1);
        state.refusal = reply.type === "Rejected"
          ? { text: refusal(reply.code, reply.params), version: state.reply.stream_version } : null;
        if (reply.type === "Accepted") state.selected.clear();
        break;
      } catch (error) {
        const unanswered = error?.code === "503" || error?.code === "TIMEOUT"; // no responders
        if (!unanswered || !state.link?.nc || attempt >= RESEND_MS.length) { // kept: resent on reconnect
          state.refusal = { text: t("web-not-sent"), version: state.reply.stream_version };
          return;
        }
        state.stalledSince ??= Date.now(); // said after a second, as a lost connection is
        await new Promise((resolve) => setTimeout(resolve, RESEND_MS[attempt]));
      }
    }
    state.stalledSince = null;
    showStatus();
  } finally {
    state.sending = null;
    render();
  }
  await state.link.refresh().catch(() => {});
}

async function resend() {
  const last = store.getItem("president-last");
  if (last) await deliver(JSON.parse(last));
}

// -- keyboard -----------------------------------------------------------------

function onKey(event) {
  if (!state.reply || event.target.matches("input, select, textarea")) return;
  if (event.ctrlKey && event.key !== "Enter") return;
  const hand = [...$("hand").querySelectorAll("button.card")].filter((b) => !b.disabled);
  const at = hand.indexOf(document.activeElement);
  const key = event.key.toLowerCase();
  // letters by their place on the keyboard (KeyP), so they work in any layout: a Hebrew
  // or Georgian keyboard sends "פ" or "პ" for the key marked P
  const letter = event.code?.startsWith("Key") ? event.code.slice(3).toLowerCase() : key;
  const rtl = document.documentElement.dir === "rtl";
  if ((key === "arrowright" || key === "arrowleft") && at >= 0) {
    const step = (key === "arrowright") !== rtl ? 1 : -1;
    hand[(at + step + hand.length) % hand.length].focus();
    event.preventDefault();
  } else if (letter === "p" || (key === "enter" && event.ctrlKey)) {
    event.preventDefault();
    play();
  } else if (letter === "s") {
    event.preventDefault();
    pass();
  } else if (letter === "h") {
    event.preventDefault();
    hand[0]?.focus();
  }
}

// -- rendering ----------------------------------------------------------------

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render() {
  const reply = state.reply;
  const shown = state.shown;
  if (!reply || !shown) return;
  if (caughtUp()) reconcile(shown, reply);
  $("table-heading").textContent = t("table-heading", { round: shown.round || 1, rounds: shown.rounds });
  renderSeats();
  renderTrick();
  renderHand();
  renderExchange();
  renderSummary();
  renderResults();
  renderLog();
  tick();
}

/** Who the table waits for: the next move in the queue, else the view's seat to act. */
function waitingFor() {
  const next = queue.peek();
  if (next && (next.event_type === "CardsPlayed" || next.event_type === "Passed")) return next.data.seat;
  if (state.shown.toAct != null) return state.shown.toAct;
  return caughtUp() ? state.reply.view.to_act : null;
}

/** The seats around the table: the player at the bottom, the others clockwise from the
 * left, over the top, to the right. */
function renderSeats() {
  const shown = state.shown;
  const n = shown.players;
  const acting = waitingFor();
  const titles = shown.results.at(-1)?.titles;
  const others = [];
  for (let step = 1; step < n; step++) others.push((me() + step) % n);
  const place = {};
  if (others.length === 2) Object.assign(place, { [others[0]]: "left", [others[1]]: "right" });
  else others.forEach((seat, i) => {
    place[seat] = i === 0 ? "left" : i === others.length - 1 ? "right" : "top";
  });
  place[me()] = "me";
  const moves = {};
  const trick = shown.trick.length ? shown.trick : shown.lastTrick?.moves ?? [];
  for (const move of trick) moves[move.seat] = move;
  const areas = { left: [], top: [], right: [], me: [] };
  $("felt").dataset.round = String(shown.round);
  for (const seat of [...others, me()]) {
    const box = el("section", "seat");
    box.dataset.seat = seat;
    box.dataset.place = place[seat];
    box.dataset.toAct = String(acting === seat && shown.phase === "play");
    box.setAttribute("aria-label", name(seat));
    const head = el("h3", "name", seat === me() ? t("table-you", { name: name(seat) }) : name(seat));
    const facts = el("p", "facts");
    facts.append(el("span", "count", t("web-seat-cards", { count: shown.handSizes[seat] ?? 0 })),
      el("span", "score", t("web-seat-score", { score: shown.scores[seat] ?? 0 })));
    if (titles) facts.append(el("span", "title", t(`title-${titles[seat]}`)));
    box.append(head, facts);
    const status = el("p", "status-line");
    if (shown.finished.includes(seat) && shown.phase === "play") {
      status.append(el("span", "out", t("web-out")));
    }
    if (shown.away[seat]) status.append(el("span", "away", t("table-away-seat")));
    const deadline = shown.deadlines[seat];
    if (acting === seat && deadline) {
      const clock = el("span", "seat-clock");
      clock.dataset.deadline = String(deadline);
      status.append(clock);
    } else if (acting === seat && shown.phase === "play") {
      status.append(el("span", "acting", t("web-to-act")));
    }
    box.append(status);
    const did = el("p", "did");
    const move = moves[seat];
    if (move) {
      did.dataset.cards = move.cards.join(" ");
      if (move.cards.length) did.append(...cardChips(move.cards));
      else did.append(el("span", "passed", t("table-passed")));
    }
    box.append(did);
    areas[place[seat]].push(box);
  }
  for (const [area, boxes] of Object.entries(areas)) $(`seats-${area}`).replaceChildren(...boxes);
}

function renderTrick() {
  const shown = state.shown;
  const moves = shown.trick.length ? shown.trick : shown.lastTrick?.moves ?? [];
  $("trick").replaceChildren(...moves.map((move) => {
    const li = el("li", move.cards.length ? "play" : "pass");
    li.dataset.seat = move.seat;
    li.dataset.cards = move.cards.join(" ");
    li.append(el("span", "who", name(move.seat)));
    if (move.cards.length) li.append(...cardChips(move.cards));
    else li.append(el("span", "passed", t("table-passed")));
    return li;
  }));
  let note = "";
  if (shown.phase === "game_over") note = t("web-game-over");
  else if (!shown.trick.length && shown.lastTrick) note = t("event-TrickEnded", { name: name(shown.lastTrick.winner) });
  else if (!shown.trick.length && shown.phase === "play" && waitingFor() != null) {
    note = t("table-leads", { name: name(waitingFor()) });
  } else if (shown.phase === "exchange") note = t("web-exchange-wait");
  if (shown.reversed) note = `${note} ${t("web-reversed")}`.trim();
  $("trick-note").textContent = note;
}

function renderHand() {
  const view = state.reply.view;
  const live = caughtUp() && !state.sending;
  // the buttons are kept across views (a card keeps its button, its focus, its node)
  const hand = $("hand");
  const buttons = new Map([...hand.querySelectorAll("button.card")].map((b) => [b.dataset.card, b]));
  const playable = new Set(combinations().flat());
  for (const code of [...state.selected]) if (!view.hand.includes(code)) state.selected.delete(code);
  const wanted = view.hand.map((code) => {
    const button = buttons.get(code) ?? cardButton(code);
    button.setAttribute("aria-pressed", String(state.selected.has(code)));
    button.disabled = !live || !playable.has(code);
    return button;
  });
  if (wanted.length !== hand.children.length || wanted.some((b, i) => hand.children[i] !== b)) {
    const focused = document.activeElement;
    hand.replaceChildren(...wanted);
    if (wanted.includes(focused)) focused.focus();
  }
  const exchange = view.phase === "exchange";
  const due = live && view.legal_actions.length > 0;
  $("dock").hidden = view.phase === "game_over" && state.shown.phase === "game_over";
  $("play").textContent = t(exchange ? "web-return" : "web-play");
  $("play").disabled = !due || !chosenAction();
  const canPass = view.legal_actions.some((a) => a.pass);
  $("pass").disabled = !due || !canPass;
  $("pass").hidden = exchange;
  const away = Boolean(state.reply.clock?.away || state.shown.away[me()]);
  $("back").hidden = !away || view.phase === "game_over";
  if (due && state.lastTurn !== state.reply.stream_version) { // a new turn: the old refusal goes
    state.lastTurn = state.reply.stream_version;
    if (state.refusal && state.refusal.version !== state.reply.stream_version) state.refusal = null;
    announce(exchange ? t("web-your-return") : t("web-your-turn"));
  }
  $("refusal").textContent = state.refusal?.text ?? "";
  $("why").textContent = why(view, due, canPass);
  $("away-note").textContent = awayNote(away);
  document.title = due ? `${t("web-your-turn")} · ${t("web-title")}` : t("web-title");
}

/** Why the actions are disabled, or what to do now. */
function why(view, due, canPass) {
  if (state.sending) return t("table-sending");
  if (view.phase === "game_over") return "";
  if (!due) {
    const seat = waitingFor();
    if (state.shown.summary) return t("table-read-summary");
    return seat != null && seat !== me() ? t("table-waiting", { name: name(seat) }) : "";
  }
  if (view.phase === "exchange") {
    const [to, count] = view.owed_return ?? [0, 0];
    return t("web-owe-return", { count, name: name(to) });
  }
  if (!chosenAction()) {
    return canPass ? t("table-pick-or-pass") : `${t("table-pick")} ${t("reject-LEADER_CANNOT_PASS")}`;
  }
  return "";
}

function awayNote(away) {
  const clock = state.reply.clock ?? {};
  if (away) return t("table-away");
  const after = state.summary?.options?.away_after;
  if (clock.timeouts_in_row > 0 && after) {
    return t("table-timeout-warning", { left: Math.max(1, after - clock.timeouts_in_row) });
  }
  return "";
}

function cardButton(code) {
  const c = card(code);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.card = code;
  button.dataset.suit = c.suit;
  button.title = c.label; // the words; the name is what the card shows
  button.append(el("span", "rank", c.rank), el("span", "suit", c.symbol));
  button.addEventListener("click", () => pick(code));
  return button;
}

function renderExchange() {
  const view = state.reply.view;
  const box = $("exchange");
  box.hidden = !(caughtUp() && (view.phase === "exchange" || (view.phase === "play" && view.exchanges.length && !view.history?.length && state.shown.trick.length === 0)));
  $("exchange-text").textContent = view.owed_return
    ? t("web-owe-return", { count: view.owed_return[1], name: name(view.owed_return[0]) })
    : view.phase === "exchange" ? t("web-exchange-wait") : "";
  $("transfers").replaceChildren(...view.exchanges.map((x) => el("li", "",
    t("web-transfer", { giver: name(x.giver), receiver: name(x.receiver), cards: cardsText(x.cards) }))));
}

/** A round's end (held until "Next round"), and the game's end. */
function renderSummary() {
  const shown = state.shown;
  const over = shown.phase === "game_over";
  const summary = shown.summary ?? (over ? lastSummary() : null);
  $("summary").hidden = !summary;
  $("felt").hidden = Boolean(summary);
  if (!summary) return;
  $("summary-heading").textContent = over ? t("web-game-over") : t("web-round-over", { round: summary.round });
  $("summary-trick").replaceChildren(...summary.lastTrick.map((move) => {
    const li = el("li", "", `${name(move.seat)}: `);
    li.dataset.seat = move.seat;
    if (move.cards.length) li.append(...cardChips(move.cards));
    else li.append(el("span", "passed", t("table-passed")));
    return li;
  }));
  $("summary-trick-box").hidden = summary.lastTrick.length === 0;
  $("summary-order").replaceChildren(...summary.finish_order.map((seat, i) => {
    const li = el("li", "", t("table-finish-row", {
      name: name(seat), title: t(`title-${summary.titles[seat]}`),
      points: summary.points[seat], score: summary.scores[seat],
    }));
    li.dataset.seat = seat;
    li.dataset.place = i + 1;
    return li;
  }));
  const mine = state.mine[summary.round] ?? [];
  const exchanges = (summary.exchanges ?? []).map((x) => {
    const known = mine.find((m) => m.giver === x.giver && m.receiver === x.receiver);
    const args = { giver: name(x.giver), receiver: name(x.receiver) };
    const cards = known && cardsText(known.cards);
    if (known) return t(x.kind === "gave" ? "table-gave-cards" : "table-returned-cards", { ...args, cards });
    const before = state.shown.results.find((r) => r.round === summary.round - 1);
    const title = before?.titles[x.receiver] ?? "president";
    return t(x.kind === "gave" ? "event-CardsGiven" : "event-CardsReturned", { ...args, count: x.count, title });
  });
  $("summary-exchange").replaceChildren(...exchanges.map((text) => el("li", "", text)));
  $("summary-exchange-box").hidden = exchanges.length === 0;
  $("continue").hidden = over || summary.round >= shown.rounds; // the last round: no next one
  const final = $("winner");
  final.hidden = !over;
  $("replay-link").hidden = false; // the finished rounds, every hand shown
  $("replay-link").href = `/replay/${encodeURIComponent(state.session.table_id)}?lang=${locale()}`;
  if (over) {
    const best = winners(shown.scores);
    final.textContent = best.length === 1
      ? t("table-winner", { name: name(best[0]), points: shown.scores[best[0]] })
      : t("table-winners-tie", { names: list(best.map(name)), points: shown.scores[best[0]] });
    final.dataset.winners = best.join(" ");
  }
}

function lastSummary() {
  const shown = state.shown;
  const result = shown.results.at(-1);
  if (!result) return null;
  return { ...result, scores: shown.scores, lastTrick: shown.lastTrick?.moves ?? shown.trick, exchanges: shown.exchanges };
}

function renderResults() {
  const shown = state.shown;
  const box = $("results");
  box.hidden = shown.results.length === 0;
  if (box.hidden) return;
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  for (const text of [t("web-round-column"), ...shown.handSizes.map((_, s) => name(s))]) {
    head.append(el("th", "", text));
  }
  const body = table.createTBody();
  for (const result of shown.results) {
    const row = body.insertRow();
    row.dataset.round = result.round;
    row.insertCell().textContent = String(result.round);
    result.titles.forEach((title, seat) => {
      const cell = row.insertCell();
      cell.dataset.seat = seat;
      cell.dataset.title = title;
      cell.textContent = t("web-result-cell", { title: t(`title-${title}`), points: result.points[seat] });
    });
  }
  const total = body.insertRow();
  total.className = "total";
  total.insertCell().textContent = t("web-total");
  shown.scores.forEach((score, seat) => {
    const cell = total.insertCell();
    cell.dataset.seat = seat;
    cell.dataset.score = score;
    cell.textContent = String(score);
  });
  $("results-body").replaceChildren(table);
  $("new-game").hidden = shown.phase !== "game_over";
}

function renderLog() {
  const items = state.shown.log.map((move) => {
    const li = document.createElement("li");
    li.dataset.round = move.round;
    li.dataset.seat = move.seat;
    li.dataset.cards = move.cards.join(" ");
    li.textContent = t("web-log-entry", {
      round: move.round,
      move: move.cards.length
        ? t("event-CardsPlayed", { name: name(move.seat), cards: cardsText(move.cards) })
        : t("event-Passed", { name: name(move.seat) }),
    });
    return li;
  });
  const log = $("log");
  if (log.children.length === items.length && log.lastChild?.textContent === items.at(-1)?.textContent) return;
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

/** The clocks: the player's own countdown, and the seat to act's. */
function tick() {
  const reply = state.reply;
  const deadline = reply?.clock?.deadline ? Date.parse(reply.clock.deadline) : null;
  const due = Boolean(deadline && reply.view.legal_actions.length);
  const left = due ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) : 0;
  const mine = $("my-clock");
  mine.hidden = !due;
  if (due) {
    mine.textContent = t("table-clock-mine", { seconds: left });
    mine.dataset.urgent = String(left <= 5);
    const total = reply.clock.seconds_left ?? left;
    $("my-clock-bar").style.inlineSize = `${Math.min(100, (100 * left) / Math.max(1, total))}%`;
  }
  $("my-clock-bar").hidden = !due;
  for (const clock of document.querySelectorAll(".seat-clock")) {
    const seconds = Math.max(0, Math.ceil((Number(clock.dataset.deadline) - Date.now()) / 1000));
    clock.textContent = t("table-seat-clock", { seconds });
  }
  if (overASecond(state.downSince) || overASecond(state.stalledSince)) showStatus();
}

// -- status, debug ------------------------------------------------------------------

function setStatus(status, detail) {
  if (status === "connected") {
    state.downSince = null;
    state.everConnected = true;
  } else if (state.downSince == null) {
    state.downSince = Date.now();
  }
  state.status = status;
  const shown = $("debug-connection");
  shown.textContent = `${status}${detail ? `: ${detail}` : ""} (${state.config?.nats_url ?? ""})`;
  shown.dataset.state = status;
  shown.dataset.sessions = String(state.link?.sessions ?? 0);
  // a reconnect within a second (a fresh ticket when the user JWT expires) goes unnoticed
  if (status === "connected" || status === "idle") showStatus();
}

/** Whether ``since`` (a Date.now(), or null) is more than a second ago. */
function overASecond(since) {
  return since != null && Date.now() - since > 1000;
}

function showStatus() {
  const el = $("status");
  const down = (state.downSince != null && state.status !== "idle") || overASecond(state.stalledSince);
  const shown = !down ? (state.status === "connected" ? "connected" : "idle")
    : state.everConnected ? "reconnecting" : "connecting";
  if (el.dataset.state === shown && el.textContent) return;
  el.dataset.state = shown;
  el.textContent = shown === "idle" ? "" : t(`web-status-${shown}`);
}

function debugEvent(entry) {
  if (!DEBUG) return;
  const li = document.createElement("li");
  li.textContent = `${entry.subject} v${entry.version ?? "-"} ${JSON.stringify(entry.data)}`;
  const list = $("debug-events");
  list.append(li);
  while (list.children.length > 200) list.firstChild.remove();
}

main().catch((error) => { // the detail to the console; the person reads why, in their language
  console.error(error);
  $("status").textContent = has("table-start-failed") ? t("table-start-failed") : "⚠";
  $("status").dataset.state = "failed";
});
