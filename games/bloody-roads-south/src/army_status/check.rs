//! The Status Check (reference 3A.2-3A.4): at the Game Turn End of every turn at 3:00, 6:00,
//! 9:00 or 12:00, each track scores the period since the previous check (the set-up for the
//! first), takes a viewpoint and changes its status; a commander left at 2 or 1 then rolls on
//! his panic table (3A.5, `panic`).
//!
//! Visibility (section 5): the check and its score are the owner's alone (a private event);
//! the opponent and spectators read only that the checks are made (their times are public by
//! the clock) and, if it happens, a panic. The owner's score counts enemy wrecks as one net
//! number per period, never which brigades: that much the status rules tell him.

use adjutant_engine::Side;

use crate::data::variant::OptionId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::status::Tally;

/// Burnside's sheet (3.3: his viewpoint may always be negative).
const BURNSIDE: &str = "Burnside";

/// A period's score and its items in words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PeriodScore {
    /// The total.
    pub total: i32,
    /// "Confederate brigades wrecked +2 (+2)", ...
    pub items: Vec<String>,
}

impl PeriodScore {
    fn add(&mut self, label: &str, change: i32, weight: i8) {
        if change != 0 {
            let points = change * i32::from(weight);
            self.total += points;
            self.items.push(format!("{label} {change:+} ({points:+})"));
        }
    }
}

/// Reference 3A.3: the score of the period between two tallies of a track of `side`.
pub fn period_score(side: Side, then: &Tally, now: &Tally) -> PeriodScore {
    let w = &crate::data::charts().army_status.status.score;
    let enemy = side.opponent();
    let mut s = PeriodScore::default();
    s.add(
        &format!("{enemy} brigades wrecked"),
        now.enemy_brigades - then.enemy_brigades,
        w.enemy_brigade_wrecked,
    );
    s.add(
        &format!("{side} brigades wrecked"),
        now.friendly_brigades - then.friendly_brigades,
        w.friendly_brigade_wrecked,
    );
    s.add(
        &format!("{enemy} divisions wrecked"),
        now.enemy_divisions - then.enemy_divisions,
        w.enemy_division_wrecked,
    );
    s.add(
        &format!("{side} divisions wrecked"),
        now.friendly_divisions - then.friendly_divisions,
        w.friendly_division_wrecked,
    );
    let gained: Vec<&str> = now
        .places
        .iter()
        .filter(|p| !then.places.contains(p))
        .map(String::as_str)
        .collect();
    let lost: Vec<&str> = then
        .places
        .iter()
        .filter(|p| !now.places.contains(p))
        .map(String::as_str)
        .collect();
    if !gained.is_empty() {
        s.add(
            &format!("5.3 locations gained ({})", gained.join(", ")),
            gained.len() as i32,
            w.strategic_location_gained,
        );
    }
    if !lost.is_empty() {
        s.add(
            &format!("5.3 locations lost ({})", lost.join(", ")),
            lost.len() as i32,
            w.strategic_location_lost,
        );
    }
    s.add(
        "corps HQs overrun or emergency retreats",
        now.setbacks - then.setbacks,
        w.friendly_corps_hq_overrun_or_emergency_retreat,
    );
    s.add(
        &format!("{side} corps or army commanders lost"),
        now.friendly_commanders - then.friendly_commanders,
        w.friendly_commander_casualty,
    );
    s.add(
        &format!("{enemy} corps or army commanders lost"),
        now.enemy_commanders - then.enemy_commanders,
        w.enemy_commander_casualty,
    );
    s.add(
        "9 Corps brigades wrecked (Burnside)",
        now.ninth_brigades - then.ninth_brigades,
        w.ninth_corps_brigade_wrecked,
    );
    s.add(
        "9 Corps divisions wrecked (Burnside)",
        now.ninth_divisions - then.ninth_divisions,
        w.ninth_corps_division_wrecked,
    );
    s
}

impl BloodyRoadsSouth {
    /// The turn now ending is a Status Check turn and the rules are in use (3A.2).
    pub fn status_check_due(&self) -> bool {
        self.army_status_on()
            && !self.army_status.tracks.is_empty()
            && crate::data::charts()
                .army_status
                .status
                .is_check(self.turn().time)
    }

    /// Reference 3A.2-3A.5: the Status Checks of the Game Turn End.
    pub(crate) fn status_checks(&mut self, fx: &mut Fx) {
        if !self.status_check_due() {
            return;
        }
        fx.public(
            EventKind::ArmyStatus,
            format!(
                "{}, Game Turn End: each commander's status is checked in secret (3A.2).",
                self.turn_words()
            ),
        );
        for sheet in self.drop_fallen_tracks() {
            fx.private(
                EventKind::ArmyStatus,
                Side::Union,
                format!(
                    "{sheet} has fallen: his Army Status track is dropped, and with it any panic \
                     of his (3A.1)."
                ),
            );
        }
        for i in 0..self.army_status.tracks.len() {
            if self.army_status.tracks[i].dropped {
                continue;
            }
            self.check_track(i, fx);
        }
    }

    /// One track's check (3A.3-3A.4), then its panic roll (3A.5).
    fn check_track(&mut self, i: usize, fx: &mut Fx) {
        let rules = &crate::data::charts().army_status.status;
        let track = self.army_status.tracks[i].clone();
        let now = self.tally_now(&track.sheet);
        let score = period_score(track.side, &track.tally, &now);
        let always_negative =
            track.sheet.as_str() == BURNSIDE && self.option(OptionId::BurnsideAlwaysNegative);
        let change = if always_negative {
            -1
        } else {
            rules.change(score.total)
        };
        let (lo, hi) = (rules.range[0], rules.range[1]);
        let status =
            (i16::from(track.status) + i16::from(change)).clamp(i16::from(lo), i16::from(hi)) as u8;
        let viewpoint = match change {
            1 => "positive",
            -1 => "negative",
            _ => "neutral",
        };
        let why = if always_negative {
            " (always negative: optional rule 3.3)".to_string()
        } else {
            String::new()
        };
        let items = if score.items.is_empty() {
            "nothing counted".to_string()
        } else {
            score.items.join("; ")
        };
        let name = self.track_name(&track);
        let change_words = if status == track.status {
            format!("stays at {status}")
        } else {
            format!("goes from {} to {status}", track.status)
        };
        fx.private(
            EventKind::ArmyStatus,
            track.side,
            format!(
                "Status Check (3A.2): {name}, held by {}: the period scores {:+} ({items}); \
                 viewpoint {viewpoint}{why} (3A.4): the status {change_words}.",
                self.track_holder(&track),
                score.total,
            ),
        );
        let t = &mut self.army_status.tracks[i];
        t.tally = now;
        t.status = status;
        let recovers = t.panicked && !Self::panic_is_permanent(&t.sheet) && status >= 3;
        if recovers {
            t.panicked = false;
            fx.private(
                EventKind::ArmyStatus,
                track.side,
                format!(
                    "At status {status}, {} recovers: his panic is over (3A.7).",
                    track.sheet
                ),
            );
        }
        if status <= 2 {
            self.status_panic_roll(i, fx);
        }
    }
}
