//! Panic (reference 3A.5, 3A.7): the roll on a commander's printed panic table — row of his
//! status, column of the wrecked divisions of his command (Burnside: wrecked 9 Corps
//! brigades, gap 6); the printed number is the lowest 2d6 roll that panics, "—" none.
//!
//! Dice (section 5, "Dice of own secret procedures"): a status-check panic roll is drawn from
//! the roller's own secret dice, so a roll that does not panic leaves no trace for the other
//! side or spectators; a panic-demand roll too (the demander learns only "panic" or "no
//! panic"). A panic itself is public: its effects are seen.

use crate::data::UnitId;
use crate::data::charts::army_status::{Commander, PanicCount, PanicEffect};
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::status::PanicRecord;

/// How a panic roll came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanicCause {
    /// A Status Check left the commander at 2 or 1 (3A.5).
    StatusCheck,
    /// The opponent's panic demand (3A.6).
    Demand,
}

impl BloodyRoadsSouth {
    /// Grant's and Lee's panics last for good; Meade's and Burnside's until a check finds
    /// them at 3 or more (3A.7).
    pub(crate) fn panic_is_permanent(sheet: &UnitId) -> bool {
        Self::sheet(sheet).is_some_and(|c| {
            matches!(
                c.on_panic,
                PanicEffect::WithdrawEast | PanicEffect::WithdrawWestOrSouth
            )
        })
    }

    /// What a panic table's columns count for `c` now.
    pub(crate) fn panic_count(&self, c: &Commander) -> u8 {
        let n = match c.counts {
            PanicCount::WreckedDivisions => self.wrecked_divisions_of(c.side, c.scope),
            PanicCount::WreckedBrigades => self.wrecked_brigades_of(c.side, c.scope),
        };
        u8::try_from(n.max(0)).unwrap_or(u8::MAX)
    }

    /// 3A.5: the panic roll of track `i` right after its Status Check.
    pub(crate) fn status_panic_roll(&mut self, i: usize, fx: &mut Fx) {
        let track = self.army_status.tracks[i].clone();
        if track.panicked {
            fx.private(
                EventKind::ArmyStatus,
                track.side,
                format!(
                    "{} is already in a panic: no panic roll (3A.5).",
                    track.sheet
                ),
            );
            return;
        }
        self.panic_roll(i, track.status, 0, PanicCause::StatusCheck, fx);
    }

    /// A roll on track `i`'s panic table on the row of `row_status` (2 or 1) with `plus`
    /// added to the roll; a panic starts its effects. Returns whether he panicked.
    pub(crate) fn panic_roll(
        &mut self,
        i: usize,
        row_status: u8,
        plus: u8,
        cause: PanicCause,
        fx: &mut Fx,
    ) -> bool {
        let track = self.army_status.tracks[i].clone();
        let Some(c) = Self::sheet(&track.sheet) else {
            return false;
        };
        let count = self.panic_count(c);
        let column = c.columns.get(c.column(count)).cloned().unwrap_or_default();
        let what = match c.counts {
            PanicCount::WreckedDivisions => "wrecked divisions",
            PanicCount::WreckedBrigades => "wrecked 9 Corps brigades",
        };
        let table = format!(
            "{}'s panic table, row \"Status of {row_status}\", column {column} ({count} {what})",
            track.sheet
        );
        let Some(need) = c.panic_on(row_status, count) else {
            fx.private(
                EventKind::ArmyStatus,
                track.side,
                format!("{table}: \u{2014}, no roll can panic (3A.5)."),
            );
            return false;
        };
        let (a, b) = self.secret_2d6(track.side, fx);
        let roll = a + b + plus;
        let plus_words = if plus > 0 {
            format!(" +{plus}")
        } else {
            String::new()
        };
        let panics = roll >= need;
        fx.private(
            EventKind::ArmyStatus,
            track.side,
            format!(
                "{table}: {need} or more panics; roll {a}+{b}{plus_words} = {roll}: {} (3A.5).",
                if panics { "panic" } else { "no panic" }
            ),
        );
        if panics {
            self.start_panic(i, cause, fx);
        }
        panics
    }

    /// A panic (3A.7): public, with its effects in words; Grant's and Lee's start their
    /// army's withdrawal.
    pub(crate) fn start_panic(&mut self, i: usize, cause: PanicCause, fx: &mut Fx) {
        let track = self.army_status.tracks[i].clone();
        let Some(c) = Self::sheet(&track.sheet) else {
            return;
        };
        self.army_status.tracks[i].panicked = true;
        self.army_status.panics.push(PanicRecord {
            sheet: track.sheet.clone(),
            time: self.turn().time.to_string(),
            cause: match cause {
                PanicCause::StatusCheck => "status check".into(),
                PanicCause::Demand => "panic demand".into(),
            },
        });
        let who = self.track_holder(&track);
        let effect = match c.on_panic {
            PanicEffect::WithdrawEast => {
                "the Union army withdraws for good: every Union command receives withdrawal \
                 orders, its units may no longer start close combats and must move toward the \
                 east edge of the maps (or south by the Brock Road while it is open)"
            }
            PanicEffect::WithdrawWestOrSouth => {
                "the Army of Northern Virginia withdraws for good: every Confederate command \
                 receives withdrawal orders, its units may no longer start close combats and \
                 must move toward the west or south edges of the maps"
            }
            PanicEffect::GrantOrdersNeedAcceptance => {
                "until he recovers, Grant's orders to him need an acceptance roll even when the \
                 two are stacked"
            }
            PanicEffect::NinthCorpsShaken => {
                "until he recovers, every 9 Corps acceptance roll is one more column to the \
                 left and 9 Corps may be given no attack (complex) order"
            }
        };
        fx.public(
            EventKind::ArmyStatus,
            format!("{who} panics (3A.5): {effect} (3A.7)."),
        );
        self.begin_withdrawal(track.side, c.on_panic, fx);
    }
}
