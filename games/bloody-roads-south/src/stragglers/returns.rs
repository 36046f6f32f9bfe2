//! The return of eliminated brigades through straggler recovery (S21.2: "eliminated brigades
//! with at least 2 recoverable SP can return via a marker in an empty hex within radius, using
//! their printed morale"; S24.1b; reference 2.8.3).
//!
//! **Decisions.**
//! - *How it is asked*: the owner chooses the brigade and the hex, a secret choice (stragglers
//!   are secret), so it travels in the `returns` list of the Order Issue batch (`IssueOrders`,
//!   offered in every Order Issue whatever the side's state: section 5, consequence 4),
//!   checked whole on arrival. A later request for the same brigade replaces the earlier.
//! - *Conditions* (those of a recovery marker, S21.2 and rule 1.2f, for a hex with no unit):
//!   the brigade is eliminated with at least 2 straggler steps; the hex is in play, holds no
//!   counter of either side, is not a Wilderness hex (a road, trail or railroad found by the
//!   side makes it one that is not, 1.2a), lies at least 4 hexes from every enemy combat unit,
//!   and within the command radius of the brigade's division leader (4 leader MP traced as
//!   S10.5a traces it, the zones of control as shown). A brigade serving no division, or whose
//!   division has no leader on the map, has no radius to return in.
//! - *When*: the marker is placed in the side's next Straggler Recovery segment of an hour
//!   turn (the same player turn when the request is made on an hour turn) if the conditions
//!   still hold, else the request is dropped and the owner told why, privately. It is rolled
//!   in that player turn's Rally Phase, after the markers of the brigades on the map, if the
//!   conditions still hold (a unit that stopped in the hex, an enemy come within 4 hexes, the
//!   leader gone out of reach all lose it).
//! - *The roll*: the owner's secret d6 on the Straggler Recovery Table (+2 at night, above 6
//!   reads 6) in the column of the brigade's printed rating (its straggler rating, rule
//!   3.3c), as for a marked brigade. **Return** means: when at least one step is recovered,
//!   the brigade comes back to the map in the marked hex with those steps back from its
//!   stragglers (its casualties stay), in Normal morale, in line, without markers, facing the
//!   nearest enemy combat unit (else as it last faced); with no step recovered it stays
//!   eliminated, and its owner may ask again. Why: the series returns the brigade through the
//!   same recovery as any marked brigade; a brigade with no step recovered has no strength to
//!   stand on the map.
//! - *Secrecy*: the request, the marker and the roll are the owner's (section 5: straggler
//!   recovery markers and rolls); the return is public — a counter appears — but not its
//!   strength. Victory counts a returned brigade as any other: wrecked for victory by its
//!   casualties alone (5.1a), which a return never changes.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::geometry::facings_toward;
use crate::model::draft::ReturnDraft;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, Location, Marks, ReturnMarker, UnitKey, UnitKind};

/// Straggler steps an eliminated brigade needs to return (S21.2: "at least 2 recoverable SP").
pub const RETURN_MIN_STRAGGLERS: u8 = 2;

impl BloodyRoadsSouth {
    /// True when brigade `k` is eliminated with enough stragglers to return (S21.2).
    pub fn may_return(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        u.kind == UnitKind::Brigade
            && u.part_of.is_none()
            && u.location == Location::Gone
            && u.stragglers >= RETURN_MIN_STRAGGLERS
    }

    /// Why brigade `k` may not return through a marker in `hex` now, in words; `None` when
    /// it may (see the module's conditions).
    pub fn return_problem(&self, k: UnitKey, hex: HexId) -> Option<String> {
        let u = self.unit(k);
        let side = u.side;
        if !self.may_return(k) {
            return Some(format!(
                "{} is not an eliminated brigade with at least {RETURN_MIN_STRAGGLERS} straggler \
                 steps",
                u.id
            ));
        }
        if self.canonical(hex).is_none() || !crate::data::map().in_play(hex, self.maps()) {
            return Some(format!("{hex} is not a hex of the map in play"));
        }
        let hex = self.canonical(hex).unwrap_or(hex);
        if !self.at(hex).is_empty() {
            return Some(format!("{hex} is not empty"));
        }
        if self.recovery_wilderness(hex, side) {
            return Some(format!(
                "{hex} is a Wilderness hex with no road, trail or railroad (1.2f)"
            ));
        }
        let min = u32::from(
            crate::data::charts()
                .straggler
                .recovery
                .min_distance_from_enemy,
        );
        if self.distance_to_enemy(hex, side).is_some_and(|d| d < min) {
            return Some(format!("{hex} is within {} hexes of the enemy", min - 1));
        }
        if !self.division_radius_hexes(k).contains(&hex) {
            return Some(format!(
                "{hex} is not within the command radius of its division leader (10.5a)"
            ));
        }
        None
    }

    /// The hexes brigade `k` may return in now (empty when it may not return).
    pub fn return_hexes(&self, k: UnitKey) -> Vec<HexId> {
        if !self.may_return(k) {
            return Vec::new();
        }
        self.division_radius_hexes(k)
            .into_iter()
            .filter(|&h| self.return_problem(k, h).is_none())
            .collect()
    }

    /// The eliminated brigades of `side` that may return now, with their hexes (the seat's
    /// batch menu).
    pub(crate) fn returnable(&self, side: Side) -> Vec<(UnitKey, Vec<HexId>)> {
        self.keys()
            .filter(|&k| self.unit(k).side == side && self.may_return(k))
            .map(|k| (k, self.return_hexes(k)))
            .filter(|(_, hexes)| !hexes.is_empty())
            .collect()
    }

    /// The returns of an Order Issue batch (S21.2), each checked as it comes: a brigade named
    /// twice, a hex named twice (or already marked for another brigade), or a return not
    /// allowed refuses the whole batch.
    pub(crate) fn apply_returns(
        &mut self,
        side: Side,
        drafts: Vec<ReturnDraft>,
        fx: &mut Fx,
    ) -> Result<(), String> {
        let total = drafts.len();
        let mut named: Vec<UnitKey> = Vec::new();
        for (i, d) in drafts.into_iter().enumerate() {
            let at = format!("Return {} of {total}", i + 1);
            let k = self
                .keys()
                .find(|&k| {
                    let u = self.unit(k);
                    u.side == side && u.id == d.brigade && u.part_of.is_none()
                })
                .ok_or_else(|| format!("{at}: you have no brigade {} (21.2).", d.brigade))?;
            if named.contains(&k) {
                return Err(format!(
                    "{at}: {} is named twice; a brigade returns through one marker (21.2).",
                    d.brigade
                ));
            }
            named.push(k);
            if let Some(why) = self.return_problem(k, d.hex) {
                return Err(format!(
                    "{at}: {} may not return in {}: {why} (21.2).",
                    d.brigade, d.hex
                ));
            }
            let hex = self.canonical(d.hex).unwrap_or(d.hex);
            if self
                .returns
                .get(side)
                .iter()
                .any(|m| m.hex == hex && m.brigade != k)
            {
                return Err(format!(
                    "{at}: {hex} already has the marker of another brigade's return (21.2)."
                ));
            }
            let list = self.returns.get_mut(side);
            list.retain(|m| m.brigade != k);
            list.push(ReturnMarker {
                brigade: k,
                hex,
                placed: false,
            });
            let name = self.unit_name(side, &d.brigade);
            fx.private(
                EventKind::Straggler,
                side,
                format!(
                    "Return of the eliminated {name} asked for: its straggler recovery marker \
                     goes in {hex} in the Straggler Recovery segment of the next hour turn, if \
                     the hex still qualifies (21.2)."
                ),
            );
        }
        Ok(())
    }

    /// The Straggler Recovery segment of an hour turn (S21.2): the markers asked for are
    /// placed where their conditions still hold; the others are dropped, the owner told why.
    pub(crate) fn place_return_markers(&mut self, side: Side, fx: &mut Fx) {
        let waiting: Vec<ReturnMarker> = self.returns.get(side).clone();
        for m in waiting.into_iter().filter(|m| !m.placed) {
            let name = self.unit_name(side, &self.unit(m.brigade).id.clone());
            match self.return_problem(m.brigade, m.hex) {
                None => {
                    if let Some(x) = self.returns.get_mut(side).iter_mut().find(|x| **x == m) {
                        x.placed = true;
                    }
                    fx.private(
                        EventKind::Straggler,
                        side,
                        format!(
                            "Straggler recovery marker placed in {} for the eliminated {name} \
                             (21.2).",
                            m.hex
                        ),
                    );
                }
                Some(why) => {
                    self.returns.get_mut(side).retain(|x| *x != m);
                    fx.private(
                        EventKind::Straggler,
                        side,
                        format!(
                            "The recovery marker of the eliminated {name} cannot be placed: \
                             {why}; its return is dropped (21.2)."
                        ),
                    );
                }
            }
        }
    }

    /// The Rally Phase's rolls for the return markers (S21.2; module decisions): each marker is
    /// removed; where its conditions still hold, a secret d6 on the brigade's column, and the
    /// brigade returns when at least one step is recovered.
    pub(crate) fn return_rolls(&mut self, side: Side, fx: &mut Fx) {
        let placed: Vec<ReturnMarker> = self
            .returns
            .get(side)
            .iter()
            .copied()
            .filter(|m| m.placed)
            .collect();
        self.returns.get_mut(side).retain(|m| !m.placed);
        let recovery = &crate::data::charts().straggler.recovery;
        for m in placed {
            let k = m.brigade;
            let name = self.unit_name(side, &self.unit(k).id.clone());
            if let Some(why) = self.return_problem(k, m.hex) {
                fx.private(
                    EventKind::Straggler,
                    side,
                    format!("The recovery marker of the eliminated {name} is lost: {why} (21.2)."),
                );
                continue;
            }
            let Some(b) = self.brigade_data(k) else {
                continue;
            };
            let die = self.secret_d6(side, fx);
            let night = if self.is_night() {
                i32::from(recovery.night_drm)
            } else {
                0
            };
            let steps = recovery
                .steps(b.straggler_morale(), i32::from(die) + night)
                .min(self.unit(k).stragglers);
            let roll = format!(
                "roll {die}{}",
                if night != 0 {
                    format!(" {night:+}")
                } else {
                    String::new()
                }
            );
            if steps == 0 {
                fx.private(
                    EventKind::Straggler,
                    side,
                    format!(
                        "Straggler recovery of the eliminated {name} in {}: {roll}, no step \
                         recovered; it stays eliminated (21.2).",
                        m.hex
                    ),
                );
                continue;
            }
            self.bring_back(k, m.hex, steps);
            fx.reveal();
            fx.both(
                EventKind::Straggler,
                format!(
                    "{name} returns to the map in {}, rallied from its stragglers (21.2).",
                    m.hex
                ),
                side,
                format!(
                    "Straggler recovery of the eliminated {name} in {}: {roll}, {steps} step{} \
                     recovered; it returns to the map there in Normal morale, in line (21.2).",
                    m.hex,
                    if steps == 1 { "" } else { "s" }
                ),
            );
        }
    }

    /// Puts an eliminated brigade back on the map in `hex` with `steps` of its stragglers
    /// recovered (module decisions).
    fn bring_back(&mut self, k: UnitKey, hex: HexId, steps: u8) {
        let side = self.unit(k).side;
        let facing = self.facing_toward_enemy(hex, side);
        let u = self.unit_mut(k);
        u.stragglers -= steps;
        u.location = Location::Map { hex };
        u.morale = MoraleState::Normal;
        u.formation = Formation::Line;
        u.low_ammo = false;
        u.ocr = false;
        u.share = 0;
        u.marks = Marks::default();
        if let Some(f) = facing {
            u.facing = f;
        }
        self.put_on_top(k);
    }

    /// A facing from `hex` toward the nearest enemy combat unit (ties by hex id), if any.
    fn facing_toward_enemy(&self, hex: HexId, side: Side) -> Option<crate::model::facing::Vertex> {
        let map = crate::data::map();
        let enemy = self
            .units()
            .iter()
            .filter(|u| u.side != side && u.kind.is_combat())
            .filter_map(|u| u.hex())
            .filter_map(|h| map.distance(hex, h).map(|d| (d, h)))
            .min()?;
        let (from, to) = (map.cell(hex)?, map.cell(enemy.1)?);
        facings_toward(from, to).first().copied()
    }
}
