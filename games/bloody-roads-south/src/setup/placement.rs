//! The set-up lines of a scenario (rules 6.0a-h): which hexes each counter may go to, the
//! fixed placements, and each player's set-up choices (placements, facings, formations).
//!
//! Decisions (reference 6.0, "set-up procedure"): each counter of a line with a choice is
//! placed on its own, in the order of the lines; a line that names other units ("with any
//! unit of 4/5", "w/i 3 of the 3 Corps HQ") is asked after those units are placed;
//! stacking limits (series 12) hold at set-up; facings, formations and extended lines (6.0h)
//! are free (column for printed road columns) and are chosen together with `FinishSetUp`
//! (`choices`, `extensions`), so that the number of set-up actions never depends on them
//! (reference 5.2).

use adjutant_engine::Side;

use crate::data::placement::{Placement, SetupLocation};
use crate::data::{FormationId, HexId, UnitId};
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::{CommandSegment, Step};
use crate::model::unit::{Formation, UnitKey, UnitKind};

/// Stacking limit in C units of fire level: 3 A (series 12.0).
pub const STACK_C_UNITS: u16 = 12;
/// Stacking limit in gun points (series 12.0).
pub const STACK_GUN_POINTS: u16 = 10;

impl BloodyRoadsSouth {
    /// The set-up lines of a side that are in play (variants chosen).
    fn placements(&self, side: Side) -> Vec<&'static Placement> {
        self.scenario()
            .side(side)
            .placements
            .iter()
            .filter(|p| p.variant.is_none_or(|v| self.variants.contains(&v)))
            .collect()
    }

    /// Makes every placement that has exactly one hex and names no other unit.
    pub(crate) fn place_fixed(&mut self, side: Side) {
        for p in self.placements(side) {
            if let SetupLocation::At(hex) = p.location {
                let hex = self.canonical(hex).unwrap_or(hex);
                for id in &p.units {
                    if let Some(k) = self.key(side, id) {
                        self.set_up_at(k, hex);
                        if p.column {
                            self.set_road_formation(k);
                        }
                    }
                }
            }
        }
    }

    fn set_road_formation(&mut self, k: UnitKey) {
        let u = self.unit_mut(k);
        u.formation = match u.kind {
            UnitKind::Brigade => Formation::Column,
            UnitKind::Battery => Formation::Limbered,
            _ => u.formation,
        };
    }

    /// The counter a side must place next and the hexes it may go to, or `None` when every
    /// counter is placed.
    pub fn next_placement(&self, side: Side) -> Option<(UnitKey, Vec<HexId>)> {
        for p in self.placements(side) {
            for id in &p.units {
                let Some(k) = self.key(side, id) else {
                    continue;
                };
                if self.unit(k).on_map() {
                    continue;
                }
                if let Some(hexes) = self.candidates(side, p, k) {
                    return Some((k, hexes));
                }
            }
        }
        None
    }

    /// The hexes a counter of a set-up line may go to now; `None` while the units the line
    /// names are not all placed.
    fn candidates(&self, side: Side, p: &Placement, k: UnitKey) -> Option<Vec<HexId>> {
        let map = crate::data::map();
        let maps = self.maps();
        let mut hexes: Vec<HexId> = match &p.location {
            SetupLocation::At(h) => vec![*h],
            SetupLocation::Within { radius, of } => self.hexes_within(*of, u32::from(*radius)),
            SetupLocation::WithinOfUnit { radius, unit } => {
                let at = self.key(side, unit).and_then(|u| self.unit(u).hex())?;
                self.hexes_within(at, u32::from(*radius))
            }
            SetupLocation::WithUnitOf { formation, except } => {
                self.formation_hexes(side, formation, except)?
            }
            SetupLocation::WithOrAdjacentToUnitOf { formation, except } => {
                let mut v = Vec::new();
                for h in self.formation_hexes(side, formation, except)? {
                    v.push(h);
                    v.extend(map.neighbours(h, maps).into_iter().map(|(_, n)| n));
                }
                v
            }
            SetupLocation::Along { roads, from, to } => map.path_along(roads, *from, *to)?,
        };
        let mut out: Vec<HexId> = hexes
            .drain(..)
            .filter(|&h| map.in_play(h, maps))
            .filter_map(|h| self.canonical(h))
            .filter(|&h| self.fits_stack(k, h))
            .collect();
        out.sort();
        out.dedup();
        Some(out)
    }

    /// Every hex in play within `radius` of `of`.
    pub fn hexes_within(&self, of: HexId, radius: u32) -> Vec<HexId> {
        let map = crate::data::map();
        let maps = self.maps();
        let Some(centre) = self.canonical(of) else {
            return Vec::new();
        };
        let mut seen = vec![centre];
        let mut frontier = vec![centre];
        for _ in 0..radius {
            let mut next = Vec::new();
            for h in frontier {
                for (_, n) in map.neighbours(h, maps) {
                    let n = self.canonical(n).unwrap_or(n);
                    if !seen.contains(&n) {
                        seen.push(n);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        seen
    }

    /// The hexes of the placed combat units of a formation (attached units included);
    /// `None` while one of them is still to be placed.
    fn formation_hexes(
        &self,
        side: Side,
        formation: &FormationId,
        except: &[UnitId],
    ) -> Option<Vec<HexId>> {
        let oob = crate::data::order_of_battle().side(side);
        let members = oob.members(formation);
        let attached: Vec<UnitId> = self
            .scenario()
            .side(side)
            .attachments
            .iter()
            .filter(|a| &a.to == formation)
            .map(|a| UnitId(a.unit.clone()))
            .collect();
        let mut hexes = Vec::new();
        for k in self.keys() {
            let u = self.unit(k);
            if u.side != side || !u.kind.is_combat() || u.part_of.is_some() {
                continue;
            }
            let belongs = (members.contains(&u.id) || attached.contains(&u.id))
                && !except.contains(&u.id)
                && !self.is_attached_away(side, &u.id, formation);
            if !belongs || self.is_reinforcement(side, &u.id) {
                continue;
            }
            hexes.push(u.hex()?);
        }
        Some(hexes)
    }

    /// A brigade of `formation` by organisation that the scenario attaches elsewhere.
    fn is_attached_away(&self, side: Side, id: &UnitId, formation: &FormationId) -> bool {
        self.scenario()
            .side(side)
            .attachments
            .iter()
            .any(|a| a.unit == id.as_str() && &a.to != formation)
    }

    /// A counter that enters later as a reinforcement rather than at set-up.
    pub fn is_reinforcement(&self, side: Side, id: &UnitId) -> bool {
        let placed = self.placements(side).iter().any(|p| p.units.contains(id));
        !placed
    }

    /// True when adding `k` to the stack in `hex` keeps within series 12.0's limits.
    pub fn fits_stack(&self, k: UnitKey, hex: HexId) -> bool {
        let (c, g) = self.stack_load(hex, Some(k));
        c <= STACK_C_UNITS && g <= STACK_GUN_POINTS
    }

    /// The fire level (in C units) and gun points standing in a hex, plus `extra`.
    pub fn stack_load(&self, hex: HexId, extra: Option<UnitKey>) -> (u16, u16) {
        let mut keys: Vec<UnitKey> = self.at(hex);
        if let Some(e) = extra
            && !keys.contains(&e)
        {
            keys.push(e);
        }
        let mut c = 0u16;
        let mut g = 0u16;
        for k in keys {
            let u = self.unit(k);
            match u.kind {
                UnitKind::Brigade => c += u16::from(self.c_units(k)),
                UnitKind::Battery => g += u16::from(u.gun_points),
                _ => {}
            }
        }
        (c, g)
    }

    /// A brigade's (or extended part's) present fire level in C units (series 6.5b, 17).
    pub fn c_units(&self, k: UnitKey) -> u8 {
        let u = self.unit(k);
        if u.part_of.is_some() || u.share > 0 {
            return u.share;
        }
        self.brigade_data(k)
            .and_then(|b| b.fire_level(u.casualties + u.stragglers))
            .map(|l| l.c_units())
            .unwrap_or(0)
    }

    /// The set-up actions of `side`.
    pub(crate) fn setup_actions(&self, side: Side) -> Vec<Action> {
        if *self.setup_done.get(side) {
            return Vec::new();
        }
        if let Some((k, hexes)) = self.next_placement(side) {
            let id = self.unit(k).id.clone();
            return hexes
                .into_iter()
                .map(|hex| Action::Place {
                    unit: id.clone(),
                    hex,
                })
                .collect();
        }
        let mut out = Vec::new();
        // The pre-set orders' batch (6.0c) comes before the set-up may finish (section 5).
        let preset = self.preset_order_actions(side);
        if preset.is_empty() {
            out.push(Action::FinishSetUp {
                facings: Vec::new(),
                formations: Vec::new(),
                extensions: Vec::new(),
            });
        }
        out.extend(preset);
        out
    }

    /// Applies a set-up action.
    pub(crate) fn apply_setup(&mut self, side: Side, action: Action, fx: &mut Fx) {
        match action {
            Action::Place { unit, hex } => {
                if let Some(k) = self.key(side, &unit) {
                    self.set_up_at(k, hex);
                }
            }
            Action::FinishSetUp {
                facings,
                formations,
                extensions,
            } => {
                // Checked on arrival (`check_lists`): a refused list never gets here.
                let _ = self.setup_choices(side, &facings, &formations, &extensions);
                *self.setup_done.get_mut(side) = true;
                fx.private(
                    EventKind::SetUp,
                    side,
                    format!("The {side} player has finished setting up."),
                );
                if Side::BOTH.iter().all(|s| *self.setup_done.get(*s)) {
                    self.extensions_meet_the_enemy(fx);
                    fx.reveal();
                    fx.public(
                        EventKind::SetUp,
                        "Both players have set up; the set-ups are revealed (6.0).",
                    );
                    self.begin_play(fx);
                }
            }
            _ => {}
        }
    }

    /// The first turn begins: the Confederate player turn comes first (series 8.1).
    fn begin_play(&mut self, fx: &mut Fx) {
        self.record_holdings();
        self.step = Step::Command {
            side: Side::Confederate,
            segment: CommandSegment::OrderIssue,
        };
        self.enter_step(fx);
    }
}
