// Progressive enhancement: every time the server writes as "2026-12-04 10:30 UTC" (in a
// sentence or alone) is shown in the reader's own time zone and the page's language, inside a
// <time> whose title keeps the UTC original. Without script the UTC times stay as they are.
(() => {
  const utc = /(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) UTC/g;
  const holds = /\d{4}-\d\d-\d\d \d\d:\d\d UTC/;
  const lang = document.documentElement.lang || undefined;
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  const main = document.querySelector("main");
  if (!main) return;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      holds.test(n.data) && !n.parentElement.closest("time, textarea, input, script, code")
        ? NodeFilter.FILTER_ACCEPT
        : NodeFilter.FILTER_REJECT,
  });
  const found = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) found.push(n);
  for (const node of found) {
    const parts = document.createDocumentFragment();
    let last = 0;
    utc.lastIndex = 0;
    for (let m = utc.exec(node.data); m; m = utc.exec(node.data)) {
      const [text, y, mo, d, h, mi] = m;
      const at = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi));
      const time = document.createElement("time");
      time.dateTime = at.toISOString();
      time.title = text;
      time.textContent = format.format(at);
      parts.append(node.data.slice(last, m.index), time);
      last = m.index + text.length;
    }
    parts.append(node.data.slice(last));
    node.replaceWith(parts);
  }
})();
