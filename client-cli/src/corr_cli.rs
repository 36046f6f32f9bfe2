//! Correspondence play at the terminal: clock choices and how clocks, notices, chat and turn
//! lists read as text.

use adjutant_protocol::utc::utc_text;
use adjutant_protocol::{
    ChatChannel, ChatMessage, ClockChoice, ClockInfo, GameStatus, GameSummary, NoticeEntry,
    NoticeSettings, Side, TimeoutPolicy, TurnIndex, VacationInfo,
};
use std::fmt::Write;

use crate::args::NoticesCommand;
use adjutant_cli::Client;
use adjutant_protocol::UpdateNoticeSettings;

/// A duration such as `3d`, `36h`, `90m`, `45s` or `3600` (seconds), in seconds.
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let text = text.trim();
    let (number, unit) = match text.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((at, _)) => text.split_at(at),
        None => (text, "s"),
    };
    let n: i64 = number
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a duration like 3d, 36h, 90m or 3600"))?;
    let scale = match unit {
        "d" => 86_400,
        "h" => 3600,
        "m" => 60,
        "s" => 1,
        _ => return Err(format!("{text:?}: the unit is d, h, m or s")),
    };
    Ok(n * scale)
}

/// The clock of `adjutant new --clock`: a preset id, or `BANK,INCREMENT,CAP` (`3d,36h,10d`).
pub fn clock_choice(spec: &str, on_timeout: &str) -> Result<ClockChoice, String> {
    let on_timeout = match on_timeout {
        "forfeit" => TimeoutPolicy::Forfeit,
        "bot" => TimeoutPolicy::Bot,
        other => return Err(format!("--on-timeout is forfeit or bot, not {other:?}")),
    };
    let parts: Vec<&str> = spec.split(',').collect();
    match parts.as_slice() {
        [preset] => Ok(ClockChoice {
            preset: Some(preset.trim().to_string()),
            on_timeout,
            ..ClockChoice::default()
        }),
        [bank, increment, cap] => Ok(ClockChoice {
            preset: None,
            initial_secs: Some(parse_duration(bank)?),
            increment_secs: Some(parse_duration(increment)?),
            cap_secs: Some(parse_duration(cap)?),
            on_timeout,
        }),
        _ => Err(
            "--clock is a preset (see `adjutant catalog`) or BANK,INCREMENT,CAP like 3d,36h,10d"
                .into(),
        ),
    }
}

/// Seconds as `2d 4h`, `5h 10m` or `40s`.
pub fn span(secs: i64) -> String {
    let secs = secs.max(0);
    let (d, h, m) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{secs}s"),
        (0, 0, m) => format!("{m}m"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}

/// A clock as text.
pub fn clock(info: &ClockInfo) -> String {
    let mut out = String::new();
    let s = &info.settings;
    let _ = writeln!(
        out,
        "Clock: {} bank, +{} a move, at most {}; on time-out: {}",
        span(s.initial_secs),
        span(s.increment_secs),
        span(s.cap_secs),
        match s.on_timeout {
            TimeoutPolicy::Forfeit => "forfeit",
            TimeoutPolicy::Bot => "the bot plays the seat",
        }
    );
    for side in Side::BOTH {
        let running = info.running.contains(&side) && info.paused.is_none();
        let _ = writeln!(
            out,
            "  {:<11} {}{}{}",
            side.to_string(),
            span(*info.remaining.get(side)),
            if running { " (running)" } else { "" },
            if *info.bot.get(side) {
                " — the bot plays this seat"
            } else {
                ""
            }
        );
    }
    if let Some(pause) = &info.paused {
        let _ = writeln!(
            out,
            "  paused (asked by the {}) for {} more",
            pause.by,
            span(pause.until - info.at)
        );
    }
    if let Some(request) = &info.pause_request {
        let _ = writeln!(
            out,
            "  the {} asks for a pause of {} (answer: adjutant pause GAME --accept or --refuse)",
            request.by,
            span(request.secs)
        );
    }
    if let Some(deadline) = info.deadline {
        let _ = writeln!(
            out,
            "  the first running clock runs out in {}",
            span(deadline - info.at)
        );
    }
    out
}

/// The clocks of a game list: one line per active game with a clock in which I sit.
pub fn list_clocks(games: &[GameSummary]) -> String {
    let mut out = String::new();
    for g in games.iter().filter(|g| g.status == GameStatus::Active) {
        let (Some(clock), Some(seat)) = (&g.clock, g.my_seat) else {
            continue;
        };
        let state = |side: Side| {
            let running = clock.running.contains(&side) && clock.paused.is_none();
            format!(
                "{}{}",
                span(*clock.remaining.get(side)),
                if running { " running" } else { "" }
            )
        };
        let _ = writeln!(
            out,
            "  {}: your clock {}, theirs {}{}",
            g.game_id,
            state(seat),
            state(seat.opponent()),
            if clock.paused.is_some() {
                " (paused)"
            } else {
                ""
            }
        );
    }
    if !out.is_empty() {
        out.insert_str(0, "Clocks:\n");
    }
    out
}

/// Notice settings as text.
pub fn settings(s: &NoticeSettings) -> String {
    let mut out = String::new();
    let or_none = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
    let _ = writeln!(out, "Webhook: {}", or_none(&s.webhook_url));
    if s.webhook_url.is_some() {
        let _ = writeln!(
            out,
            "  shape: {}; signed with {} (X-Adjutant-Signature: sha256=HMAC of \"timestamp.body\")",
            s.webhook_format.as_str(),
            or_none(&s.webhook_secret)
        );
    }
    if let Some(e) = &s.webhook_error {
        let _ = writeln!(out, "  last error: {} (at {})", e.message, utc_text(e.at));
    }
    let _ = writeln!(
        out,
        "E-mail:  {}{}",
        or_none(&s.email),
        if !s.email_available {
            " (this server sends no e-mail)"
        } else if s.email.is_some() && !s.email_confirmed {
            " (not confirmed yet: open the link mailed to it; `adjutant notices confirm` mails another)"
        } else {
            ""
        }
    );
    if let Some(e) = &s.email_error {
        let _ = writeln!(out, "  last error: {} (at {})", e.message, utc_text(e.at));
    }
    let _ = writeln!(
        out,
        "Also while connected: {}   Daily digest: {}",
        if s.always { "yes" } else { "no" },
        match (s.digest, s.digest_hour) {
            (false, _) => "no".to_string(),
            (true, Some(h)) => format!("yes, at {h:02}:00 UTC"),
            (true, None) => "yes, a day after the last".to_string(),
        }
    );
    out
}

/// A notice list as text, newest first.
pub fn notices(list: &[NoticeEntry]) -> String {
    let mut out = String::new();
    if list.is_empty() {
        out.push_str("No notices yet.\n");
    }
    for n in list {
        let state = match (n.sent_at, n.failed, n.next_at, &n.dropped) {
            (Some(at), _, _, _) => format!("sent {}", utc_text(at)),
            (None, _, _, Some(why)) => format!("not sent: {why}"),
            (None, true, _, _) => "given up".to_string(),
            (None, false, Some(at), _) if n.attempts > 0 => format!("retry at {}", utc_text(at)),
            (None, false, Some(at), _) => format!("due {}", utc_text(at)),
            (None, false, None, _) => "pending".to_string(),
        };
        let _ = writeln!(
            out,
            "{:>6} {:<7} {:<15} {} — {}",
            n.id,
            n.channel,
            n.kind.as_str(),
            state,
            n.text
        );
        if let Some(error) = &n.last_error {
            let _ = writeln!(out, "       error: {error}");
        }
    }
    out
}

/// The chat channel `adjutant chat` uses when none is named: the players' for a seated player
/// (the viewer a game's state names is a side, or everyone once it is over), the spectators'
/// for a spectator, who may not write to the players.
pub fn default_chat_channel(viewer: &str) -> ChatChannel {
    if viewer == "spectator" {
        ChatChannel::Spectators
    } else {
        ChatChannel::Players
    }
}

/// Chat messages as text.
pub fn chat(messages: &[ChatMessage]) -> String {
    let mut out = String::new();
    if messages.is_empty() {
        out.push_str("No messages.\n");
    }
    for m in messages {
        let seat = m.side.map(|s| format!(" ({s})")).unwrap_or_default();
        let _ = writeln!(out, "[{}] {}{seat}: {}", m.id, m.author, m.text);
    }
    out
}

/// A turn index as text.
pub fn turns(index: &TurnIndex) -> String {
    let mut out = String::new();
    match &index.key {
        None => {
            let _ = writeln!(
                out,
                "This game's view shows no turn; step by action (0 to {}).",
                index.last
            );
        }
        Some(key) => {
            for mark in &index.turns {
                let _ = writeln!(
                    out,
                    "{key} {:>3} starts after action {}",
                    mark.turn, mark.seq
                );
            }
            let _ = writeln!(out, "The game ends after action {}.", index.last);
        }
    }
    out
}

/// The pause allowance as text.
pub fn vacation(v: &VacationInfo) -> String {
    format!(
        "Pauses in {}: {} of {} days used, {} left.\n",
        v.year,
        span(v.used_secs),
        v.allowance_days,
        span(v.remaining_secs)
    )
}

/// `adjutant notices`: the latest notices, a test notice, a new confirmation link, or the
/// settings (changed by the flags given).
pub(crate) async fn notices_command(
    client: &Client,
    action: Option<NoticesCommand>,
) -> Result<(), String> {
    let e = |e: adjutant_cli::ClientError| e.to_string();
    match action.unwrap_or(NoticesCommand::List) {
        NoticesCommand::List => {
            let list = client.notices().await.map_err(e)?;
            out!("{}", notices(&list.notices));
        }
        NoticesCommand::Test => {
            let settings = client.test_notice().await.map_err(e)?;
            outln!("A test notice is on its way to every channel you have.");
            out!("{}", self::settings(&settings));
        }
        NoticesCommand::Confirm => {
            let settings = client.resend_confirmation().await.map_err(e)?;
            outln!("A new confirmation link is on its way to your e-mail address.");
            out!("{}", self::settings(&settings));
        }
        NoticesCommand::Settings {
            webhook,
            no_webhook,
            email,
            no_email,
            always,
            digest,
            webhook_format,
            rotate_secret,
            digest_hour,
        } => {
            let current = client.notice_settings().await.map_err(e)?;
            let hour = match digest_hour.as_deref() {
                None => current.digest_hour,
                Some("none") => None,
                Some(h) => match h.parse::<u8>() {
                    Ok(h) if h < 24 => Some(h),
                    _ => {
                        return Err(format!(
                            "--digest-hour is an hour from 0 to 23 (UTC) or none, not {h:?}"
                        ));
                    }
                },
            };
            let format = match webhook_format.as_deref() {
                None => current.webhook_format,
                Some(f @ ("auto" | "adjutant" | "discord" | "slack")) => {
                    adjutant_protocol::WebhookFormat::parse(f)
                }
                Some(other) => {
                    return Err(format!(
                        "--webhook-format is auto, adjutant, discord or slack, not {other:?}"
                    ));
                }
            };
            let changed = rotate_secret
                || digest_hour.is_some()
                || webhook_format.is_some()
                || webhook.is_some()
                || no_webhook
                || email.is_some()
                || no_email
                || always.is_some()
                || digest.is_some();
            let settings = if changed {
                let update = UpdateNoticeSettings {
                    webhook_url: if no_webhook {
                        None
                    } else {
                        webhook.or(current.webhook_url)
                    },
                    email: if no_email {
                        None
                    } else {
                        email.or(current.email)
                    },
                    always: always.unwrap_or(current.always),
                    digest: digest.unwrap_or(current.digest),
                    webhook_format: format,
                    rotate_webhook_secret: rotate_secret,
                    digest_hour: hour,
                };
                client.set_notice_settings(&update).await.map_err(e)?
            } else {
                current
            };
            out!("{}", self::settings(&settings));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spectators_chat_goes_to_the_spectators_by_default() {
        assert_eq!(default_chat_channel("spectator"), ChatChannel::Spectators);
        assert_eq!(default_chat_channel("union"), ChatChannel::Players);
        assert_eq!(default_chat_channel("confederate"), ChatChannel::Players);
    }

    #[test]
    fn durations_and_clock_choices_read_as_written() {
        assert_eq!(parse_duration("3d"), Ok(3 * 86_400));
        assert_eq!(parse_duration("36h"), Ok(36 * 3600));
        assert_eq!(parse_duration("90m"), Ok(5400));
        assert_eq!(parse_duration("3600"), Ok(3600));
        assert!(parse_duration("3w").is_err());
        assert!(parse_duration("soon").is_err());
        let custom = clock_choice("3d,36h,10d", "bot").unwrap();
        assert_eq!(custom.cap_secs, Some(10 * 86_400));
        assert_eq!(custom.on_timeout, TimeoutPolicy::Bot);
        assert_eq!(
            clock_choice("a-move-a-day", "forfeit")
                .unwrap()
                .preset
                .as_deref(),
            Some("a-move-a-day")
        );
        assert!(clock_choice("1d,2h", "forfeit").is_err());
        assert!(clock_choice("brisk", "sleep").is_err());
        assert_eq!(span(2 * 86_400 + 4 * 3600 + 5), "2d 4h");
        assert_eq!(span(40), "40s");
    }
}
