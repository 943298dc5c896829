// The seats this browser holds (localStorage, so a new tab finds them): a table's
// credentials are kept until its game ends, never longer.
const KEY = "president-seats";

function all() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

export function saveSeat(session) {
  const seats = all();
  seats[session.table_id] = { ...session, since: seats[session.table_id]?.since ?? Date.now() };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function forgetSeat(tableId) {
  const seats = all();
  if (!(tableId in seats)) return;
  delete seats[tableId];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** The seats held, the latest first. */
export function savedSeats() {
  return Object.values(all()).sort((a, b) => b.since - a.since);
}
