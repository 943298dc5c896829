// The browser table: the lobby form, then one seat's game (sync.js keeps it in step).
import { load, negotiate, t, has, card, cards, locale, languageName, refusal } from "/static/l10n.js";
import { SeatLink } from "/static/sync.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const DEBUG = params.get("debug") === "1";
const store = window.sessionStorage;
const state = {
  config: null, session: null, link: null, reply: null, names: [], selected: new Set(),
  log: {}, status: "idle", downSince: null, everConnected: false, note: "", lastTurn: -1, events: [],
};

// -- start ------------------------------------------------------------------

async function main() {
  state.config = await (await fetch("/api/config")).json();
  const available = state.config.locales;
  // ?lang= first (hr-HR, iw, he;q=0 read as the standards say), then the saved choice, then the browser's
  const chosen = [params.get("lang"), localStorage.getItem("president-lang")].filter(Boolean);
  await load(negotiate([...chosen, ...navigator.languages], available));
  fillLanguages(available);
  fillLobby();
  $("rounds").max = state.config.limits?.rounds ?? $("rounds").max; // the lobby's limit
  $("debug").hidden = !DEBUG;
  document.addEventListener("keydown", onKey);
  $("lobby-form").addEventListener("submit", createTable);
  $("play").addEventListener("click", play);
  $("pass").addEventListener("click", pass);
  $("back").addEventListener("click", () => send("Back", {}));
  $("new-game").addEventListener("click", leaveTable);
  $("debug-resend").addEventListener("click", resend);
  setInterval(tick, 250);
  const saved = store.getItem("president-seat");
  // a seat of this tab's (a reload): back to it; a table that is gone: the lobby again
  if (saved) await enterTable(JSON.parse(saved), null).catch(leaveTable);
  setStatus(state.status);
}

function fillLanguages(available) {
  const select = $("language");
  select.replaceChildren(...available.map((code) => {
    const option = new Option(languageName(code), code);
    option.selected = code === locale();
    return option;
  }));
  select.onchange = async () => {
    localStorage.setItem("president-lang", select.value);
    await load(select.value);
    $("status").textContent = "";
    $("hand").replaceChildren(); // the cards' words are the new language's
    fillLobby();
    render();
    setStatus(state.status);
  };
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
}

// -- lobby ------------------------------------------------------------------

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.code), { code: data.code, params: data.params });
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
    store.setItem("president-seat", JSON.stringify(session));
    await enterTable(session, grant.ticket);
  } catch (error) {
    $("lobby-error").textContent = refusal(error.code, error.params);
  } finally {
    $("create").disabled = false;
  }
}

async function enterTable(session, ticket) {
  state.session = session;
  state.log = JSON.parse(store.getItem(`president-log-${session.table_id}`) || "{}");
  const summary = await api(`/api/tables/${session.table_id}`);
  state.names = summary.seats.map((s) => (s.kind === "ai"
    ? { ai: s.level, seat: s.seat } : { name: s.player_name, seat: s.seat }));
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
  if (state.session) {
    store.removeItem(`president-log-${state.session.table_id}`);
  }
  store.removeItem("president-seat");
  store.removeItem("president-pending");
  state.link?.stop();
  state.link = state.reply = state.session = null;
  $("table").hidden = true;
  $("lobby").hidden = false;
}

// -- the game ---------------------------------------------------------------

function name(seat) {
  const entry = state.names[seat];
  if (!entry) return t("seat-name", { seat });
  if (entry.ai) return t("ai-player", { level: t(`ai-${entry.ai}`), seat });
  return entry.name;
}

function onView(reply) {
  state.reply = reply;
  const view = reply.view;
  // a prompt's view has no history (contract 1.1): only GetView's rebuilds the log
  if (view.round > 0 && view.history) {
    const known = state.log[view.round] ?? [];
    if (view.history.length >= known.length) state.log[view.round] = [...view.history];
    saveLog();
  }
  // a pick survives a new view (the other seat's return in the exchange, a clock event)
  // while it still leads to a legal combination
  const picked = [...state.selected];
  if (!combinations().some((combo) => picked.every((c) => combo.includes(c)))) {
    state.selected.clear();
  }
  const due = view.legal_actions.length > 0;
  if (due && state.lastTurn !== reply.stream_version) {
    state.lastTurn = reply.stream_version;
    state.note = "";
    announce(view.phase === "exchange" ? t("web-your-return") : t("web-your-turn"));
  }
  render();
  $("debug-view").textContent = JSON.stringify(reply, null, 1);
}

/** A command not answered before a reload or a lost connection is sent again, with its
 * id: if it took effect, the engine answers it as a duplicate. */
function onSynced() {
  const pending = store.getItem("president-pending");
  if (pending) resendCommand(JSON.parse(pending));
}

function onEvent(event, subject, gap) {
  const data = event.data;
  if (event.event_type === "CardsPlayed" || event.event_type === "Passed") {
    const moves = state.log[data.round] ?? (state.log[data.round] = []);
    moves.push({ seat: data.seat, cards: data.cards ?? [] });
    saveLog();
    announce(event.event_type === "Passed"
      ? t("event-Passed", { name: name(data.seat) })
      : t("event-CardsPlayed", { name: name(data.seat), cards: cards(data.cards) }));
    renderLog();
  } else if (event.event_type === "RoundEnded" || event.event_type === "GameEnded") {
    announce(t(event.event_type === "GameEnded" ? "web-game-over" : "web-round-over", { round: data.round ?? 0 }));
  }
}

function onPrompt(message) {
  if (message.type === "TurnEnded" && (message.reason === "timed_out" || message.reason === "taken_over")) {
    state.note = t("play-took-over", { reason: message.reason });
    announce(state.note);
    render();
  }
}

function saveLog() {
  if (state.session) store.setItem(`president-log-${state.session.table_id}`, JSON.stringify(state.log));
}

/** The actions the hand's buttons can form now: plays, or the exchange's returns. */
function combinations() {
  const view = state.reply?.view;
  if (!view) return [];
  return view.legal_actions.filter((a) => a.play || a.return).map((a) => a.play || a.return);
}

function selectable(code) {
  const wanted = new Set([...state.selected, code]);
  return combinations().some((combo) => [...wanted].every((c) => combo.includes(c)));
}

function chosenAction() {
  const picked = [...state.selected];
  return combinations().find((combo) => combo.length === picked.length && picked.every((c) => combo.includes(c)));
}

async function play() {
  const combo = chosenAction();
  if (!combo) return;
  const view = state.reply.view;
  await send(view.phase === "exchange" ? "ReturnCards" : "PlayCards", { cards: combo });
}

async function pass() {
  if (state.reply?.view.legal_actions.some((a) => a.pass)) await send("Pass", {});
}

/** A command whose id follows from the version it was chosen on: sent again, it is a duplicate. */
async function send(type, fields) {
  const { table_id, seat, seat_token } = state.session;
  const command = {
    type, command_id: `web:${table_id}:${state.reply.stream_version}:${seat}:${type}`,
    table_id, seat, seat_token, ...fields,
  };
  store.setItem("president-pending", JSON.stringify(command));
  store.setItem("president-last", JSON.stringify(command));
  $("play").disabled = $("pass").disabled = true;
  await resendCommand(command);
}

async function resendCommand(command) {
  try {
    const reply = await state.link.request(command);
    store.removeItem("president-pending");
    $("debug-reply").textContent = JSON.stringify(reply, null, 1);
    $("refusal").textContent = reply.type === "Rejected" ? refusal(reply.code, reply.params) : "";
    if (reply.type === "Accepted") state.selected.clear();
  } catch (error) {
    // kept pending: sent again once the connection is back (onSynced)
    $("refusal").textContent = t("web-not-sent");
    return;
  }
  await state.link.refresh().catch(() => {});
}

async function resend() {
  const last = store.getItem("president-last");
  if (last) await resendCommand(JSON.parse(last));
}

// -- keyboard -----------------------------------------------------------------

function onKey(event) {
  if (!state.reply || event.target.matches("input, select, textarea")) return;
  const hand = [...$("hand").querySelectorAll("button.card")].filter((b) => !b.disabled);
  const at = hand.indexOf(document.activeElement);
  const key = event.key.toLowerCase();
  const rtl = document.documentElement.dir === "rtl";
  if ((key === "arrowright" || key === "arrowleft") && at >= 0 && !event.ctrlKey) {
    const step = (key === "arrowright") !== rtl ? 1 : -1;
    hand[(at + step + hand.length) % hand.length].focus();
    event.preventDefault();
  } else if (key === "p" || (key === "enter" && event.ctrlKey)) {
    event.preventDefault();
    play();
  } else if (key === "s") {
    event.preventDefault();
    pass();
  } else if (key === "h") {
    event.preventDefault();
    hand[0]?.focus();
  }
}

// -- rendering ----------------------------------------------------------------

function render() {
  const reply = state.reply;
  if (!reply) return;
  const view = reply.view;
  $("table-heading").textContent = t("web-table-heading", { table: state.session.table_id, round: view.round, rounds: view.options.rounds });
  renderSeats(view);
  renderTrick(view);
  renderHand(view);
  renderExchange(view);
  renderResults(view);
  renderLog();
  $("note").textContent = state.note;
  $("back").hidden = !reply.clock?.away;
  tick();
}

function renderSeats(view) {
  const last = view.results[view.results.length - 1];
  $("seats").replaceChildren(...view.hand_sizes.map((size, seat) => {
    const li = document.createElement("li");
    li.dataset.seat = seat;
    li.dataset.toAct = String(view.to_act === seat);
    li.dataset.me = String(view.seat === seat);
    const title = last ? t(`title-${last.titles[seat]}`) : "";
    const parts = [
      ["name", name(seat)],
      ["count", t("web-seat-cards", { count: size })],
      ["score", t("web-seat-score", { score: view.scores[seat] })],
    ];
    if (title) parts.push(["title", title]);
    if (view.to_act === seat) parts.push(["acting", t("web-to-act")]);
    if (view.phase === "play" && view.finished.includes(seat)) parts.push(["out", t("web-out")]);
    for (const [kind, text] of parts) {
      const span = document.createElement("div");
      span.className = kind;
      span.textContent = text;
      li.append(span);
    }
    return li;
  }));
}

function renderTrick(view) {
  let text;
  if (view.phase === "game_over") text = t("web-game-over");
  else if (view.phase !== "play") text = "";
  else if (view.top_cards.length === 0) text = t("web-trick-empty", { name: name(view.to_act ?? view.leader) });
  else text = t("play-to-beat", { cards: cards(view.top_cards), name: name(view.top_seat) });
  if (view.reversed) text += ` ${t("web-reversed")}`;
  $("trick").textContent = text;
}

function renderHand(view) {
  // the buttons are kept across views (a card keeps its button, its focus, its node)
  const hand = $("hand");
  const buttons = new Map([...hand.querySelectorAll("button.card")].map((b) => [b.dataset.card, b]));
  const due = combinations().length > 0;
  for (const code of [...state.selected]) if (!view.hand.includes(code)) state.selected.delete(code);
  const wanted = view.hand.map((code) => {
    const button = buttons.get(code) ?? cardButton(code);
    const pressed = state.selected.has(code);
    button.setAttribute("aria-pressed", String(pressed));
    button.disabled = !due || (!pressed && !selectable(code));
    return button;
  });
  if (wanted.length !== hand.children.length || wanted.some((b, i) => hand.children[i] !== b)) {
    const focused = document.activeElement;
    hand.replaceChildren(...wanted);
    if (wanted.includes(focused)) focused.focus();
  }
  const exchange = view.phase === "exchange";
  $("play").textContent = t(exchange ? "web-return" : "web-play");
  $("play").disabled = !chosenAction();
  $("pass").disabled = !view.legal_actions.some((a) => a.pass);
}

function cardButton(code) {
  const c = card(code);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.card = code;
  button.dataset.suit = c.suit;
  button.setAttribute("aria-label", c.label);
  for (const [cls, text] of [["rank", c.rank], ["suit", c.symbol], ["letter", c.letter]]) {
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    if (cls !== "rank") span.setAttribute("aria-hidden", "true");
    button.append(span);
  }
  button.addEventListener("click", () => {
    if (state.selected.has(code)) state.selected.delete(code);
    else state.selected.add(code);
    renderHand(state.reply.view);
  });
  return button;
}

function renderExchange(view) {
  const box = $("exchange");
  box.hidden = view.phase !== "exchange" && view.exchanges.length === 0;
  $("exchange-text").textContent = view.owed_return
    ? t("web-owe-return", { count: view.owed_return[1], name: name(view.owed_return[0]) })
    : view.phase === "exchange" ? t("web-exchange-wait") : "";
  $("transfers").replaceChildren(...view.exchanges.map((x) => {
    const li = document.createElement("li");
    li.textContent = t("web-transfer", { giver: name(x.giver), receiver: name(x.receiver), cards: cards(x.cards) });
    return li;
  }));
}

function renderResults(view) {
  const box = $("results");
  box.hidden = view.results.length === 0;
  if (box.hidden) return;
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  for (const text of [t("web-round-column"), ...view.hand_sizes.map((_, s) => name(s))]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  for (const result of view.results) {
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
  view.scores.forEach((score, seat) => {
    const cell = total.insertCell();
    cell.dataset.seat = seat;
    cell.dataset.score = score;
    cell.textContent = String(score);
  });
  const over = document.createElement("p");
  over.className = "final";
  over.textContent = view.phase === "game_over" ? t("web-final", { name: name(view.results.at(-1).finish_order[0]) }) : "";
  $("results-body").replaceChildren(table, over);
  $("new-game").hidden = view.phase !== "game_over";
}

function renderLog() {
  const items = [];
  for (const round of Object.keys(state.log).map(Number).sort((a, b) => a - b)) {
    for (const move of state.log[round]) {
      const li = document.createElement("li");
      li.dataset.round = round;
      li.dataset.seat = move.seat;
      li.dataset.cards = move.cards.join(" ");
      li.textContent = t("web-log-entry", {
        round,
        move: move.cards.length
          ? t("event-CardsPlayed", { name: name(move.seat), cards: cards(move.cards) })
          : t("event-Passed", { name: name(move.seat) }),
      });
      items.push(li);
    }
  }
  const log = $("log");
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

function tick() {
  const clock = state.reply?.clock;
  const deadline = clock?.deadline ? Date.parse(clock.deadline) : null;
  $("clock").textContent = deadline && state.reply.view.legal_actions.length
    ? t("web-clock", { seconds: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) }) : "";
  if (state.downSince != null && Date.now() - state.downSince > 1000) showStatus();
}

// -- status, announcements, debug ------------------------------------------------

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

function showStatus() {
  const el = $("status");
  const down = state.downSince != null && state.status !== "idle";
  const shown = !down ? (state.status === "connected" ? "connected" : "idle")
    : state.everConnected ? "reconnecting" : "connecting";
  if (el.dataset.state === shown && el.textContent) return;
  el.dataset.state = shown;
  el.textContent = shown === "idle" ? "" : t(`web-status-${shown}`);
}

function announce(text) {
  $("live").textContent = text;
}

function debugEvent(entry) {
  if (!DEBUG) return;
  const li = document.createElement("li");
  li.textContent = `${entry.subject} v${entry.version ?? "-"} ${JSON.stringify(entry.data)}`;
  const list = $("debug-events");
  list.append(li);
  while (list.children.length > 200) list.firstChild.remove();
}

main().catch((error) => {
  console.error(error);
  $("status").textContent = String(error);
});
