// The service worker of feldpost's browser notifications (docs/notifications.md): a push is
// the JSON the server encrypted for this browser ({title, body, url, urgency, tag}); it is
// shown as a notification, one per game (its tag), and a click opens the seat's page.
self.addEventListener("push", (event) => {
  let note = {};
  try {
    note = event.data ? event.data.json() : {};
  } catch {
    note = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(note.title || "feldpost", {
      body: note.body || "",
      tag: note.tag || undefined,
      renotify: Boolean(note.tag),
      data: { url: note.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      for (const c of open) {
        if (c.url === url && "focus" in c) return c.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
