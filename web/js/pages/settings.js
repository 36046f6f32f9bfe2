// Settings: my account (password, where I am signed in: ./account.js), how I am told about my games (webhook, e-mail and whether it is confirmed,
// always, daily digest) with each channel's last error, my latest notices, my pause
// allowance, and importing a game file.

import { api, session } from "../api.js";
import { h, mount, toast, currentRoute, stale } from "../ui.js";
import { span } from "../clock.js";
import { accountCard } from "./account.js";

function when(unix) {
  return unix ? new Date(unix * 1000).toLocaleString() : "";
}

// Whether the e-mail address is confirmed, with a button for a fresh link when it is not.
function emailState(settings, resend) {
  if (!settings.email) return "";
  if (settings.email_confirmed) return h("small", { class: "muted", id: "email-state" }, "Confirmed.");
  return h("small", { class: "error", id: "email-state" }, "Not confirmed yet: open the link mailed to it. Nothing else is mailed there until then. ",
    h("button", { type: "button", id: "resend-confirmation", onclick: resend }, "Mail me a new link"));
}

function channelError(error) {
  return error ? h("p", { class: "error channel-error" }, `Last error (${when(error.at)}): ${error.message}`) : "";
}

export async function settingsPage() {
  if (!session.token) {
    location.hash = "#/start";
    return;
  }
  const route = currentRoute();
  mount(h("p", { class: "muted" }, "Loading your settings…"));
  let settings, notices, vacation, security;
  try {
    [settings, notices, vacation, security] = await Promise.all([api.noticeSettings(), api.notices(), api.vacation(), api.tokens()]);
  } catch (err) {
    if (stale(route)) return;
    mount(h("p", { class: "error" }, err.message));
    return;
  }
  if (stale(route)) return;

  const webhook = h("input", { id: "webhook", type: "url", placeholder: "https://…", value: settings.webhook_url || "" });
  const shape = h("select", { id: "webhook-format" },
    ...[["auto", "By the address (Discord, Slack, or Adjutant's JSON)"], ["adjutant", "Adjutant's JSON"], ["discord", "Discord"], ["slack", "Slack, Mattermost, Rocket.Chat"]]
      .map(([value, label]) => h("option", { value, selected: settings.webhook_format === value }, label)));
  const secret = h("code", { id: "webhook-secret" }, settings.webhook_secret || "(set with the address)");
  const digestHour = h("select", { id: "digest-hour" },
    h("option", { value: "", selected: settings.digest_hour == null }, "a day after the last"),
    ...Array.from({ length: 24 }, (_, hour) => h("option", { value: String(hour), selected: settings.digest_hour === hour }, `at ${String(hour).padStart(2, "0")}:00 UTC`)));
  let rotate = false;
  const email = h("input", { id: "email", type: "email", placeholder: "you@example.org", value: settings.email || "", disabled: !settings.email_available });
  const always = h("input", { type: "checkbox", id: "always", checked: settings.always });
  const digest = h("input", { type: "checkbox", id: "digest", checked: settings.digest });
  const errors = h("div", { id: "channel-errors" }, channelError(settings.webhook_error), channelError(settings.email_error));
  const confirmation = h("div", {});
  const list = h("ol", { class: "notices", id: "notices" });

  const showNotices = (items) => {
    list.replaceChildren(...(items.length ? items.map((n) => h("li", { class: n.failed ? "failed" : n.sent_at ? "sent" : "pending" },
      h("span", { class: "tag" }, n.channel), " ", h("strong", {}, n.kind.replace(/_/g, " ")), " — ", n.text,
      h("small", { class: "muted" }, n.sent_at ? ` sent ${when(n.sent_at)}` : n.dropped ? ` not sent: ${n.dropped}` : n.failed ? " given up" : ` next attempt ${when(n.next_at)}`),
      n.last_error ? h("small", { class: "error" }, ` ${n.last_error}`) : "")) : [h("li", { class: "muted" }, "No notices yet.")]));
  };
  showNotices(notices.notices);

  const refresh = async () => {
    const [fresh, latest] = await Promise.all([api.noticeSettings(), api.notices()]);
    errors.replaceChildren(channelError(fresh.webhook_error), channelError(fresh.email_error));
    secret.textContent = fresh.webhook_secret || "(set with the address)";
    confirmation.replaceChildren(emailState(fresh, resend));
    showNotices(latest.notices);
  };

  const save = async (e) => {
    e.preventDefault();
    try {
      await api.saveNoticeSettings({
        webhook_url: webhook.value.trim() || null,
        email: email.value.trim() || null,
        always: always.checked,
        digest: digest.checked,
        digest_hour: digestHour.value === "" ? null : Number(digestHour.value),
        webhook_format: shape.value,
        rotate_webhook_secret: rotate,
      });
      rotate = false;
      toast("Saved.");
      await refresh();
    } catch (err) {
      toast(err.message, "error");
    }
  };

  const resend = async () => {
    try {
      await api.resendConfirmation();
      toast("A new link is on its way.");
      await refresh();
    } catch (err) {
      toast(err.message, "error");
    }
  };
  confirmation.replaceChildren(emailState(settings, resend));

  const test = async () => {
    try {
      await api.testNotice();
      toast("A test notice is on its way.");
      await refresh();
    } catch (err) {
      toast(err.message, "error");
    }
  };

  const file = h("input", { type: "file", id: "import-file", accept: "application/json,.json" });
  const privateBox = h("input", { type: "checkbox", id: "import-private" });
  const imported = h("div", { id: "imported" });
  const importGame = async (e) => {
    e.preventDefault();
    const chosen = file.files[0];
    if (!chosen) { toast("Choose a game record first.", "error"); return; }
    let record;
    try { record = JSON.parse(await chosen.text()); } catch { toast("That file is not a game record (JSON).", "error"); return; }
    try {
      const done = await api.importGame(record, privateBox.checked ? "private" : "public");
      imported.replaceChildren(h("p", {}, `Imported: ${done.actions} actions and ${done.rolls} rolls checked. `,
        h("a", { href: `#/game/${done.game_id}`, id: "imported-link" }, "Step through it")));
    } catch (err) {
      toast(err.message, "error");
    }
  };

  mount(h("section", { class: "settings" },
    h("h1", {}, "Settings"),
    h("div", { class: "cards" }, accountCard(security)),
    h("div", { class: "cards" },
      h("form", { class: "card", id: "notice-settings", onsubmit: save },
        h("h2", {}, "Notices"),
        h("p", { class: "muted" }, "When a game starts, when it is your move (unless you are looking at the game), when 80 % and 95 % of your time is gone, when a game ends, about pauses, when your opponent writes in the chat, and rematches. Notices never say anything secret: only the game, your opponent, whose move it is, deadlines and a link."),
        h("label", { for: "webhook" }, "Webhook (a JSON POST)"), webhook,
        h("label", { for: "webhook-format" }, "Its shape"), shape,
        h("small", { class: "muted" }, "Signed: X-Adjutant-Signature is sha256= and the HMAC-SHA256 of \"timestamp.body\" with the secret ", secret, " "),
        h("button", { type: "button", id: "rotate-secret", onclick: (e) => { rotate = true; save(e); } }, "New secret"),
        h("label", { for: "email" }, "E-mail"), email, confirmation,
        settings.email_available ? "" : h("small", { class: "muted" }, "This server sends no e-mail."),
        h("label", {}, always, " Also while I am connected to the game"),
        h("label", {}, digest, " A daily digest of the games where it is my move, ", digestHour),
        errors,
        h("button", { type: "submit", class: "primary", id: "save-notices" }, "Save"), " ",
        h("button", { type: "button", id: "test-notice", onclick: test }, "Send me a test notice")),
      h("div", { class: "card" },
        h("h2", {}, "Pauses"),
        h("p", { id: "vacation" }, `In ${vacation.year} you may pause your games for ${vacation.allowance_days} days; ${span(vacation.remaining_secs)} left.`),
        h("p", { class: "muted" }, "Ask for a pause on a game's page; both clocks stop once your opponent agrees."),
        h("h2", {}, "Import a game file"),
        h("form", { onsubmit: importGame },
          file, h("label", {}, privateBox, " Private"),
          h("button", { type: "submit", id: "import" }, "Import"), imported))),
    h("h2", {}, "Latest notices"), list));
}
