//! A game's bank clock: presets, validation, and the state machine that charges the sides
//! that must act, credits a move, stops for a pause and says when the sweep must look again.
//!
//! **Time runs** for every side in `to_act` (both during simultaneous secret choices), never
//! while the game is paused.
//!
//! **A move** is a hand-over: a side that acted and is then no longer asked to act is
//! credited the increment once (up to the cap). The many atomic actions of one turn, and
//! undo (which never crosses a turn change), credit nothing, so no one can farm time.
//!
//! **Warning**: once 80 % of the bank a side had when its clock last started is gone, one
//! `time_low` notice per running period.

use adjutant_engine::{PerSide, Side};
use adjutant_protocol::{
    ClockChoice, ClockInfo, ClockPreset, ClockSettings, PauseInfo, PauseRequestInfo, TimeoutPolicy,
};
use serde::{Deserialize, Serialize};

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// The paces offered in the catalog.
pub fn presets() -> Vec<ClockPreset> {
    let preset = |id: &str, name: &str, initial, increment, cap| ClockPreset {
        id: id.into(),
        name: name.into(),
        initial_secs: initial,
        increment_secs: increment,
        cap_secs: cap,
    };
    vec![
        preset(
            "brisk",
            "Brisk: 1 day bank, +12 h a move, at most 3 days",
            DAY,
            12 * HOUR,
            3 * DAY,
        ),
        preset(
            "a-move-a-day",
            "A move a day: 3 days bank, +36 h a move, at most 10 days",
            3 * DAY,
            36 * HOUR,
            10 * DAY,
        ),
        preset(
            "leisurely",
            "Leisurely: 7 days bank, +3 days a move, at most 21 days",
            7 * DAY,
            3 * DAY,
            21 * DAY,
        ),
    ]
}

/// Checks a clock choice and resolves it to settings.
pub fn resolve(choice: &ClockChoice) -> Result<ClockSettings, String> {
    let custom = [choice.initial_secs, choice.increment_secs, choice.cap_secs];
    let (initial, increment, cap) = match &choice.preset {
        Some(id) => {
            if custom.iter().any(Option::is_some) {
                return Err("a clock is a preset or custom numbers, not both".into());
            }
            let all = presets();
            let preset = all.iter().find(|p| &p.id == id).ok_or_else(|| {
                let ids: Vec<&str> = all.iter().map(|p| p.id.as_str()).collect();
                format!(
                    "there is no clock preset {id:?}; there are {}",
                    ids.join(", ")
                )
            })?;
            (preset.initial_secs, preset.increment_secs, preset.cap_secs)
        }
        None => match custom {
            [Some(initial), Some(increment), Some(cap)] => (initial, increment, cap),
            _ => {
                return Err(
                    "a custom clock needs initial_secs, increment_secs and cap_secs (or give a preset)"
                        .into(),
                );
            }
        },
    };
    if !(60..=365 * DAY).contains(&initial) {
        return Err("a clock's initial bank is from 60 seconds to 365 days".into());
    }
    if !(0..=365 * DAY).contains(&increment) {
        return Err("a clock's increment is from 0 to 365 days".into());
    }
    if cap < initial || cap > 365 * DAY {
        return Err("a clock's cap is at least its initial bank and at most 365 days".into());
    }
    Ok(ClockSettings {
        preset: choice.preset.clone(),
        initial_secs: initial,
        increment_secs: increment,
        cap_secs: cap,
        on_timeout: choice.on_timeout,
    })
}

/// What the sweep found due in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// The agreed pause is over.
    PauseOver,
    /// This side's bank is empty.
    TimedOut(Side),
    /// 80 % of this side's bank is gone.
    Warn(Side),
    /// 95 % of this side's bank is gone: the last warning.
    LastWarn(Side),
    /// A pause was asked for [`REQUEST_SECS`] ago and not answered: it lapses.
    RequestLapsed,
}

/// How long a request for a pause waits for its answer before it lapses.
pub const REQUEST_SECS: i64 = 2 * 86_400;

/// A game's clock, as stored in the game row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    pub settings: ClockSettings,
    /// Each side's bank as of `since`.
    pub bank: PerSide<i64>,
    /// Sides whose clock runs (those that must act).
    pub running: Vec<Side>,
    /// When the running clocks were last charged.
    pub since: i64,
    /// The bank each side had when its clock last started (the base of the 80 % warning).
    pub period_bank: PerSide<i64>,
    /// Whether the side acted since its clock last started.
    pub acted: PerSide<bool>,
    /// Whether the 80 % warning went out in this running period.
    pub warned: PerSide<bool>,
    /// Whether the 95 % warning went out in this running period.
    #[serde(default)]
    pub warned_late: PerSide<bool>,
    pub paused: Option<PauseInfo>,
    pub request: Option<PauseRequestInfo>,
    /// Seats the server's bot plays.
    pub bot: PerSide<bool>,
}

impl GameClock {
    /// A clock for a game that has not started: full banks, nothing running.
    pub fn new(settings: ClockSettings) -> GameClock {
        let bank = PerSide::from_fn(|_| settings.initial_secs);
        GameClock {
            period_bank: bank,
            bank,
            settings,
            running: Vec::new(),
            since: 0,
            acted: PerSide::default(),
            warned: PerSide::default(),
            warned_late: PerSide::default(),
            paused: None,
            request: None,
            bot: PerSide::default(),
        }
    }

    /// Starts the clocks of the sides that must act first.
    pub fn start(&mut self, now: i64, to_act: &[Side]) {
        self.since = now;
        self.running.clear();
        self.run(to_act);
    }

    fn run(&mut self, to_act: &[Side]) {
        for &side in to_act {
            if !self.running.contains(&side) {
                self.running.push(side);
                *self.period_bank.get_mut(side) = *self.bank.get(side);
                *self.acted.get_mut(side) = false;
                *self.warned.get_mut(side) = false;
                *self.warned_late.get_mut(side) = false;
            }
        }
    }

    /// Whether time runs at all now.
    fn ticking(&self) -> bool {
        self.paused.is_none()
    }

    /// Seconds left in `side`'s bank at `now` (negative once it ran out).
    pub fn left(&self, side: Side, now: i64) -> i64 {
        let bank = *self.bank.get(side);
        if self.ticking() && self.running.contains(&side) {
            bank - (now - self.since).max(0)
        } else {
            bank
        }
    }

    /// Charges the running clocks up to `now`.
    pub fn settle(&mut self, now: i64) {
        if self.ticking() {
            let elapsed = (now - self.since).max(0);
            for &side in &self.running {
                *self.bank.get_mut(side) -= elapsed;
            }
        }
        self.since = now;
    }

    /// Accounts for an action by `side` at `now` after which `to_act` must act: charges the
    /// running clocks, credits a side that acted and is no longer asked (unless the game is
    /// over), starts the clocks of the sides newly asked. Returns whether anything but the
    /// running charge changed; when nothing did, the clock is left as it was (the charge is
    /// implied by `since`).
    pub fn acted(&mut self, now: i64, side: Side, to_act: &[Side]) -> bool {
        let first = self.running.contains(&side) && !*self.acted.get(side);
        let handed_over = self.running.iter().any(|s| !to_act.contains(s))
            || to_act.iter().any(|s| !self.running.contains(s));
        if !first && !handed_over {
            return false;
        }
        self.settle(now);
        if first {
            *self.acted.get_mut(side) = true;
        }
        let leaving: Vec<Side> = self
            .running
            .iter()
            .copied()
            .filter(|s| !to_act.contains(s))
            .collect();
        for s in leaving {
            if *self.acted.get(s) && !to_act.is_empty() {
                let bank = self.bank.get_mut(s);
                *bank = (*bank + self.settings.increment_secs).min(self.settings.cap_secs);
            }
        }
        self.running.retain(|s| to_act.contains(s));
        self.run(to_act);
        true
    }

    /// A side ran out: its bank stands at zero and, with the bot policy, the bot takes it.
    pub fn time_out(&mut self, now: i64, side: Side) {
        self.settle(now);
        let bank = self.bank.get_mut(side);
        *bank = (*bank).max(0);
        if self.settings.on_timeout == TimeoutPolicy::Bot {
            *self.bot.get_mut(side) = true;
        }
    }

    /// The owner takes the seat back from the bot; its clock starts afresh from its bank.
    pub fn reclaim(&mut self, now: i64, side: Side) {
        self.settle(now);
        *self.bot.get_mut(side) = false;
        *self.period_bank.get_mut(side) = *self.bank.get(side);
        *self.warned.get_mut(side) = false;
        *self.warned_late.get_mut(side) = false;
    }

    /// Both clocks stop until `until`.
    pub fn pause(&mut self, now: i64, by: Side, until: i64) {
        self.settle(now);
        self.request = None;
        self.paused = Some(PauseInfo {
            by,
            since: now,
            until,
        });
    }

    /// The pause ends; the clocks run again from `now`. Returns the pause that ended.
    pub fn unpause(&mut self, now: i64) -> Option<PauseInfo> {
        let pause = self.paused.take()?;
        self.since = now;
        Some(pause)
    }

    /// The earliest moment a running, bot-free clock runs out, unless paused.
    pub fn deadline(&self) -> Option<i64> {
        if !self.ticking() {
            return None;
        }
        self.running
            .iter()
            .filter(|&&s| !*self.bot.get(s))
            .map(|&s| self.since + self.bank.get(s))
            .min()
    }

    /// When `side`'s clock runs out, if it runs.
    pub fn deadline_of(&self, side: Side) -> Option<i64> {
        (self.ticking() && self.running.contains(&side) && !*self.bot.get(side))
            .then(|| self.since + self.bank.get(side))
    }

    /// The moment the 80 % warning falls due for `side`, if it has yet to go out.
    fn warn_at(&self, side: Side) -> Option<i64> {
        let period = *self.period_bank.get(side);
        (self.ticking()
            && self.running.contains(&side)
            && !*self.bot.get(side)
            && !*self.warned.get(side)
            && period > 0)
            .then(|| self.since + self.bank.get(side) - period / 5)
    }

    /// When the last warning falls due (95 % of the period's bank gone).
    fn late_warn_at(&self, side: Side) -> Option<i64> {
        let period = *self.period_bank.get(side);
        (self.ticking()
            && self.running.contains(&side)
            && !*self.bot.get(side)
            && !*self.warned_late.get(side)
            && period > 0)
            .then(|| self.since + self.bank.get(side) - period / 20)
    }

    /// When an unanswered request for a pause lapses.
    fn request_lapses_at(&self) -> Option<i64> {
        self.request.as_ref().map(|r| r.at + REQUEST_SECS)
    }

    /// When the sweep must look at this game next: at once while a bot seat must act (a
    /// game whose both seats timed out plays itself out a slice per sweep).
    pub fn wake_at(&self) -> Option<i64> {
        if self.running.iter().any(|&s| *self.bot.get(s)) {
            return Some(self.since);
        }
        let pause = self.paused.as_ref().map(|p| p.until);
        let sides = Side::BOTH
            .into_iter()
            .flat_map(|s| [self.deadline_of(s), self.warn_at(s), self.late_warn_at(s)]);
        let lapse = self.request_lapses_at();
        pause.into_iter().chain(lapse).chain(sides.flatten()).min()
    }

    /// What is due at `now`, most urgent first: the end of a pause, then time-outs (the
    /// earliest first), then warnings.
    pub fn due(&self, now: i64) -> Vec<Due> {
        let mut due = Vec::new();
        if self.request_lapses_at().is_some_and(|at| at <= now) {
            due.push(Due::RequestLapsed);
        }
        if let Some(pause) = &self.paused {
            if pause.until <= now {
                due.push(Due::PauseOver);
            }
            return due;
        }
        let mut out: Vec<(i64, Side)> = Side::BOTH
            .into_iter()
            .filter_map(|s| self.deadline_of(s).filter(|&d| d <= now).map(|d| (d, s)))
            .collect();
        out.sort();
        due.extend(out.into_iter().map(|(_, s)| Due::TimedOut(s)));
        // One warning at a time: the last, if both are due.
        let warn: Vec<Due> = Side::BOTH
            .into_iter()
            .filter(|s| !due.contains(&Due::TimedOut(*s)))
            .filter_map(|s| {
                if self.late_warn_at(s).is_some_and(|w| w <= now) {
                    Some(Due::LastWarn(s))
                } else if self.warn_at(s).is_some_and(|w| w <= now) {
                    Some(Due::Warn(s))
                } else {
                    None
                }
            })
            .collect();
        due.extend(warn);
        due
    }

    /// The clock of a finished game from its wire form (a game record's `clock`): the
    /// banks as they were, nothing running, no pause.
    pub fn finished(info: &ClockInfo) -> GameClock {
        let mut clock = GameClock::new(info.settings.clone());
        clock.bank = info.remaining;
        clock.period_bank = info.remaining;
        clock.since = info.at;
        clock.bot = info.bot;
        clock
    }

    /// The wire form at `now`.
    pub fn info(&self, now: i64) -> ClockInfo {
        ClockInfo {
            settings: self.settings.clone(),
            remaining: PerSide::from_fn(|s| self.left(s, now).max(0)),
            running: self.running.clone(),
            at: now,
            deadline: self.deadline(),
            paused: self.paused.clone(),
            pause_request: self.request.clone(),
            bot: self.bot,
        }
    }
}

#[cfg(test)]
mod tests;
