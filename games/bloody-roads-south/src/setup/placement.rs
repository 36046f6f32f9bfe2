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
    pub(crate) fn placements(&self, side: Side) -> Vec<&'static Placement> {
        self.scenario()
            .side(side)
            .placements
            .iter()
            .filter(|p| p.in_play(&self.variants))
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
        self.next_placement_in(side, &self.placements(side))
    }

    /// [`Self::next_placement`] by the set-up lines `lines` (the scenario's in play, or a
    /// test's).
    pub(crate) fn next_placement_in(
        &self,
        side: Side,
        lines: &[&Placement],
    ) -> Option<(UnitKey, Vec<HexId>)> {
        for &p in lines {
            if auto_placed(p) {
                continue;
            }
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
            // The line's own counters never count as "any unit of" the formation (Scenario
            // 7's "2x 2b(5), ... with or adjacent to any 2 Corps unit" are 2 Corps units).
            SetupLocation::WithUnitOf { formation, except } => {
                self.formation_hexes(side, formation, &[except, &p.units[..]].concat())?
            }
            SetupLocation::WithOrAdjacentToUnitOf { formation, except } => {
                let mut v = Vec::new();
                let except = [except, &p.units[..]].concat();
                for h in self.formation_hexes(side, formation, &except)? {
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
            .map(|a| UnitId::new(&a.unit))
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
            if !belongs || self.is_reinforcement(side, &u.id) || self.is_auto_placed(side, &u.id) {
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

    /// A counter of a secret variant's set-up line, placed by the server when both sides
    /// have set up ([`Self::place_secret_variant_lines`]).
    fn is_auto_placed(&self, side: Side, id: &UnitId) -> bool {
        self.placements(side)
            .iter()
            .any(|p| auto_placed(p) && p.units.contains(id))
    }

    /// Places the counters of the secret variants' set-up lines of `side` (4.5c: Anderson's
    /// division within 3 hexes of the 3 Corps HQ), when both sides have set up (the reveal).
    ///
    /// **Decision** (reference 4.5c, section 5): no action of the player places them, so the
    /// number of his set-up actions is the same whether he chose the variant or not. Each
    /// combat unit goes, in the line's order, to the hex of the line nearest its centre
    /// (ties by hex id) that holds no combat unit of the line yet, no enemy counter, and keeps
    /// the stacking limits (else to the nearest that keeps them); leaders and HQs go with the
    /// line's first combat unit. The player moves them from the first turn on.
    pub(crate) fn place_secret_variant_lines(&mut self, side: Side) {
        for p in self.placements(side) {
            if !auto_placed(p) {
                continue;
            }
            let (centre, radius) = match &p.location {
                SetupLocation::At(h) => (Some(*h), 0),
                SetupLocation::Within { radius, of } => (Some(*of), u32::from(*radius)),
                SetupLocation::WithinOfUnit { radius, unit } => (
                    self.key(side, unit).and_then(|u| self.unit(u).hex()),
                    u32::from(*radius),
                ),
                _ => (None, 0),
            };
            let Some(centre) = centre else { continue };
            let map = crate::data::map();
            let maps = self.maps();
            let mut rings: Vec<Vec<HexId>> = vec![Vec::new(); radius as usize + 1];
            for h in self.hexes_within(centre, radius) {
                if map.in_play(h, maps) {
                    let d = (0..=radius)
                        .find(|&r| self.hexes_within(centre, r).contains(&h))
                        .unwrap_or(radius);
                    rings[d as usize].push(h);
                }
            }
            let order: Vec<HexId> = rings
                .into_iter()
                .flat_map(|mut r| {
                    r.sort();
                    r
                })
                .collect();
            let keys: Vec<UnitKey> = p.units.iter().filter_map(|id| self.key(side, id)).collect();
            let mut used: Vec<HexId> = Vec::new();
            for &k in &keys {
                if !self.unit(k).kind.is_combat() || self.unit(k).on_map() {
                    continue;
                }
                let free = |g: &Self, h: HexId| {
                    g.fits_stack(k, h) && g.at(h).iter().all(|&o| g.unit(o).side == side)
                };
                let hex = order
                    .iter()
                    .copied()
                    .find(|&h| !used.contains(&h) && free(self, h))
                    .or_else(|| order.iter().copied().find(|&h| free(self, h)));
                if let Some(h) = hex {
                    self.set_up_at(k, h);
                    used.push(h);
                }
            }
            let first = used.first().copied().unwrap_or(centre);
            for &k in &keys {
                if !self.unit(k).on_map() {
                    self.set_up_at(k, first);
                }
            }
        }
    }

    /// A counter of a printed road column (Scenario 6's 9th Corps, series 16.4): it sets up
    /// in column (brigades) or limbered (artillery), and keeps that formation at set-up.
    pub(crate) fn in_road_column(&self, side: Side, id: &UnitId) -> bool {
        self.placements(side)
            .iter()
            .any(|p| p.column && p.units.contains(id))
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
        let keys = self.at(hex);
        let extra = extra.filter(|e| !keys.contains(e));
        self.load_of(keys.iter().copied().chain(extra))
    }

    /// The fire level (in C units) and gun points of the counters `keys` (series 12.0).
    pub(crate) fn load_of(&self, keys: impl IntoIterator<Item = UnitKey>) -> (u16, u16) {
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
        self.setup_actions_in(side, &self.placements(side))
    }

    /// [`Self::setup_actions`] by the set-up lines `lines` (the scenario's in play, or a
    /// test's).
    pub(crate) fn setup_actions_in(&self, side: Side, lines: &[&Placement]) -> Vec<Action> {
        if *self.setup_done.get(side) {
            return Vec::new();
        }
        if let Some((k, hexes)) = self.next_placement_in(side, lines) {
            let id = self.unit(k).id.clone();
            return hexes
                .into_iter()
                .map(|hex| Action::Place {
                    unit: id.clone(),
                    hex,
                })
                .collect();
        }
        // Not while a counter of a line is unplaced (reference 6.0, `completeness`): a line
        // that can never be met leaves the side stuck, which the invariants report.
        if !self.unplaced_in(side, lines).is_empty() {
            return Vec::new();
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
                    if self.in_road_column(side, &unit) {
                        self.set_road_formation(k);
                    }
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
                    // At the reveal, not at its owner's `FinishSetUp`: where the division
                    // goes depends on enemy counters, which he may not see before it.
                    for s in Side::BOTH {
                        self.place_secret_variant_lines(s);
                    }
                    self.extensions_meet_the_enemy(fx);
                    fx.reveal();
                    fx.public(
                        EventKind::SetUp,
                        "Both players have set up; the set-ups are revealed (6.0).",
                    );
                    for v in self.variants.clone() {
                        let d = crate::data::variants().variant(v);
                        if d.secret && self.variant_revealed(v) {
                            fx.public(
                                EventKind::SetUp,
                                format!(
                                    "Variant {} ({}) is in use: {} The {} receive {} VP (5.1e).",
                                    d.rule,
                                    crate::data::variant::variant_title(v),
                                    "its troops are on the map.",
                                    match d.points_to {
                                        Side::Union => "Union",
                                        Side::Confederate => "Confederates",
                                    },
                                    d.points
                                ),
                            );
                        }
                    }
                    self.begin_play(fx);
                }
            }
            _ => {}
        }
    }

    /// The first turn begins: the Confederate player turn comes first (series 8.1).
    fn begin_play(&mut self, fx: &mut Fx) {
        self.record_holdings();
        // Reference 3A.3: the first period is counted from the set-up as revealed.
        self.rebase_tracks();
        self.step = Step::Command {
            side: Side::Confederate,
            segment: CommandSegment::OrderIssue,
        };
        self.enter_step(fx);
    }
}

/// A set-up line of a secret variant: placed by the server, not by `Place` actions, so that
/// the count of its owner's set-up actions never tells the choice (reference section 5).
pub(crate) fn auto_placed(p: &Placement) -> bool {
    p.variant
        .is_some_and(|v| crate::data::variants().variant(v).secret)
}
