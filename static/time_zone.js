// Progressive enhancement: an empty time zone field offers the browser's own zone (an IANA
// name such as Europe/Prague), to be saved with the form's button. Without script the field
// stays empty and the server states deadlines as before (the account's zone, else UTC).
(() => {
  let zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone) return;
  for (const input of document.querySelectorAll("input[data-browser-zone]")) {
    if (!input.value) input.value = zone;
  }
})();
