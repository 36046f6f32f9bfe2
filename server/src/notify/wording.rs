//! The words of a notice: what one recipient is told of what happened, and the link.

use adjutant_engine::Side;
use adjutant_protocol::{Notice, NoticeKind};

use super::{Intent, Recipient};
use crate::clock::utc_text;

/// A span of time as people say it: `2 days 3 hours`, `5 hours 20 minutes`, `12 minutes`.
fn duration_text(secs: i64) -> String {
    let plural = |n: i64, unit: &str| format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    let (days, hours, minutes) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    match (days, hours) {
        (0, 0) => plural(minutes.max(1), "minute"),
        (0, h) => format!("{} {}", plural(h, "hour"), plural(minutes, "minute")),
        (d, h) => format!("{} {}", plural(d, "day"), plural(h, "hour")),
    }
}

/// The notice one recipient gets.
pub(super) fn notice(intent: &Intent, to: &Recipient, now: i64, link_base: &str) -> Notice {
    let g = &intent.game;
    let seat = to.seat;
    let opponent = seat.and_then(|s| g.names.get(s.opponent()).clone());
    let deadline = seat.and_then(|s| *g.deadlines.get(s));
    let against = opponent
        .as_deref()
        .map(|o| format!(" against {o}"))
        .unwrap_or_default();
    let title = format!("{} ({}){against}", g.game_name, g.scenario_name);
    let your_move = seat.is_some_and(|s| g.to_act.contains(&s));
    let clock = deadline
        .map(|d| format!(" Your clock runs out at {}.", utc_text(d)))
        .unwrap_or_default();
    let who = |side: Option<Side>| match (side, seat) {
        (Some(s), Some(me)) if s == me => "you".to_string(),
        (Some(s), _) => g
            .names
            .get(s)
            .clone()
            .unwrap_or_else(|| format!("the {s} player")),
        (None, _) => "a player".to_string(),
    };
    let until = intent.until.map(utc_text).unwrap_or_default();
    let text = match intent.kind {
        NoticeKind::GameStarted => format!(
            "Your game of {title} has started; {}.{clock}",
            if your_move {
                "it is your move"
            } else {
                "your opponent moves first"
            }
        ),
        NoticeKind::YourMove => format!("It is your move in {title}.{clock}"),
        NoticeKind::TimeLow => {
            format!("80 % of your time for this move is gone in {title}.{clock}")
        }
        NoticeKind::TimeNearlyOut => {
            let left = deadline.map(|d| d - now).unwrap_or_default().max(0);
            format!(
                "Last warning: {} left for this move in {title}.{clock}",
                duration_text(left)
            )
        }
        NoticeKind::PauseRefused => match intent.subject {
            Some(side) => format!(
                "{} refused your request to pause {title}; the clocks run on.{clock}",
                who(Some(side))
            ),
            None => format!(
                "Your request to pause {title} was not answered in time and has lapsed; ask again if you still need it.{clock}"
            ),
        },
        NoticeKind::SeatReturned => format!(
            "{} took their seat back from the server's bot in {title}.",
            who(intent.subject)
        ),
        NoticeKind::Chat => format!(
            "{} wrote in the chat of {title}: “{}”",
            who(intent.subject),
            intent.words.as_deref().unwrap_or_default()
        ),
        NoticeKind::GameOver => format!(
            "Your game of {title} is over: {}.",
            g.outcome
                .as_ref()
                .map_or("no result", |o| o.summary.as_str())
        ),
        NoticeKind::PauseRequested => {
            let days = intent.until.map_or(0, |u| (u - now + 86_399) / 86_400);
            format!(
                "{} asked to pause both clocks of {title} for {days} day{}; agree or refuse in the game.",
                who(intent.subject),
                if days == 1 { "" } else { "s" }
            )
        }
        NoticeKind::PauseStarted => {
            format!("Both clocks of {title} are stopped until {until}.")
        }
        NoticeKind::PauseEnded => {
            format!("The pause of {title} is over; the clocks run again.{clock}")
        }
        NoticeKind::BotTookSeat => {
            if intent.subject.is_some() && intent.subject == seat {
                format!(
                    "Your time ran out in {title}; the server's bot plays your seat until you take it back."
                )
            } else {
                format!(
                    "{} ran out of time in {title}; the server's bot plays that seat.",
                    who(intent.subject)
                )
            }
        }
        NoticeKind::RematchOffered => {
            format!(
                "{} offers a rematch of {title} with sides swapped.",
                who(intent.subject)
            )
        }
        NoticeKind::DrawOffered => format!(
            "{} offers a draw in {title}; accept or decline it in the game (it stands until you answer).",
            who(intent.subject)
        ),
        NoticeKind::DrawDeclined => format!(
            "{} declined your draw offer in {title}; the game goes on.{clock}",
            who(intent.subject)
        ),
        NoticeKind::Digest => format!(
            "It is your move in {} game{}.",
            intent.games.len(),
            if intent.games.len() == 1 { "" } else { "s" }
        ),
        NoticeKind::Test => "A test notice from Adjutant: this channel works.".to_string(),
    };
    let game_id = (!g.game_id.is_empty()).then(|| g.game_id.clone());
    Notice {
        kind: intent.kind,
        account: to.account.clone(),
        link: Some(match &game_id {
            // The seat kept for the former opponent is taken by following the link.
            Some(id) if intent.kind == NoticeKind::RematchOffered => {
                format!("{}/#/join/{id}/rematch", link_base)
            }
            Some(id) => format!("{}/#/game/{id}", link_base),
            None => format!("{}/#/lobby", link_base),
        }),
        game_name: game_id.as_ref().map(|_| g.game_name.clone()),
        scenario_name: game_id.as_ref().map(|_| g.scenario_name.clone()),
        game_id,
        seat,
        opponent,
        to_act: g.to_act.clone(),
        deadline,
        outcome: g.outcome.clone(),
        games: intent.games.clone(),
        text,
        at: now,
    }
}
