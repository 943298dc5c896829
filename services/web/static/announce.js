// Screen-reader announcements, one per message: each is a new line of a polite live log
// (a region rewritten many times a second is read once, at best, by a screen reader).
const KEEP = 12;

export function announce(text) {
  const region = document.getElementById("live");
  if (!region || !text) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.children.length > KEEP) region.firstChild.remove();
}
