// Progressive enhancement: where the browser can take Web Push, the game page's switch is
// shown; it registers the service worker (static/push-worker.js), subscribes with the server's
// VAPID key and posts the subscription to the seat's webhooks (the same form as the webhooks
// page, same origin). Without script or without push support the switch stays hidden.
(() => {
  const box = document.querySelector("[data-push-key]");
  if (!box || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
  const on = box.querySelector("[data-push-on]");
  const off = box.querySelector("[data-push-off]");
  const status = box.querySelector("[data-push-status]");
  const say = (key) => {
    status.textContent = box.dataset[key] || "";
  };
  // The key as the browser takes it: URL-safe base64 to bytes.
  const keyBytes = (text) => {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  };
  const registration = () =>
    navigator.serviceWorker.register(box.dataset.pushWorker, { scope: box.dataset.pushScope });
  const show = (subscribed) => {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  };
  box.hidden = false;
  registration()
    .then((r) => r.pushManager.getSubscription())
    .then((s) => show(Boolean(s)))
    .catch(() => show(false));
  on.addEventListener("click", async () => {
    try {
      if ((await Notification.requestPermission()) !== "granted") return say("pushDenied");
      const r = await registration();
      const s = await r.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.pushKey),
      });
      const json = s.toJSON();
      const body = new URLSearchParams({
        format: "push",
        url: json.endpoint,
        p256dh: json.keys.p256dh,
        auth: json.keys.auth,
      });
      // The account's page posts with its session's token (a seat's page needs none: its link).
      if (box.dataset.pushCsrf) body.set("csrf", box.dataset.pushCsrf);
      const answer = await fetch(box.dataset.pushPost, { method: "POST", body, credentials: "same-origin" });
      if (!answer.ok) {
        await s.unsubscribe();
        return say("pushFailed");
      }
      show(true);
      say("pushDone");
    } catch {
      say("pushFailed");
    }
  });
  // The push service then answers the server 404 or 410, and the server drops the subscription.
  off.addEventListener("click", async () => {
    try {
      const r = await registration();
      const s = await r.pushManager.getSubscription();
      // The account's page also tells the server, which drops the subscription in every game
      // at once (a seat's page leaves that to the push service's 404 or 410).
      if (s && box.dataset.pushStop) {
        const body = new URLSearchParams({ url: s.endpoint, csrf: box.dataset.pushCsrf || "" });
        await fetch(box.dataset.pushStop, { method: "POST", body, credentials: "same-origin" });
      }
      if (s) await s.unsubscribe();
      show(false);
      say("pushStopped");
    } catch {
      say("pushFailed");
    }
  });
})();
