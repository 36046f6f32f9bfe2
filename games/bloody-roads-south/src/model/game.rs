//! The whole state of a game, and the look-ups every rule needs.
//!
//! Counters are kept in one `Vec` indexed by [`UnitKey`], so that iteration order (and so
//! every event, view and die roll) is deterministic. Nothing here is ever sent to a client
//! as is: the `view` module builds what each viewer may know.

use adjutant_engine::{Outcome, PerSide, Side};
use serde::{Deserialize, Serialize};

use crate::data::brigade::Brigade;
use crate::data::leader::Leader;
use crate::data::map::MapsUsed;
use crate::data::support::Battery;
use crate::data::turn::Turn;
use crate::data::variant::OptionId;
use crate::data::{HexId, Scenario, ScenarioId, UnitId, VariantId};
use crate::model::counters::Counters;
use crate::model::decision::Decision;
use crate::model::dice::SideDice;
use crate::model::moves::{FireInProgress, MovementPhase, MovingGroup};
use crate::model::order::{Command, CommandState, Order, Receiver};
use crate::model::step::Step;
use crate::model::unit::{ReturnMarker, Unit, UnitKey, UnitKind};

/// The command state of one receiver of orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandEntry {
    /// Whose.
    pub(crate) side: Side,
    /// The corps, division or unit.
    pub(crate) receiver: Receiver,
    /// Its orders.
    pub(crate) command: Command,
}

/// Who last held a location (rule 5.1d), for victory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holding {
    /// The hex.
    pub(crate) hex: HexId,
    /// The side whose combat unit last stood in it at the end of a phase.
    pub(crate) side: Side,
}

/// The possessor of a location of the 5.3 table (rule 5.1d).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceHolding {
    /// The location's label as printed in 5.3.
    pub(crate) printed: String,
    /// The side that possesses it.
    pub(crate) side: Side,
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BloodyRoadsSouth {
    /// The scenario.
    pub(crate) scenario: ScenarioId,
    /// The optional rules in use (public game options).
    #[serde(default)]
    pub(crate) options: Vec<OptionId>,
    /// The variants in play, public and secret.
    #[serde(default)]
    pub(crate) variants: Vec<VariantId>,
    /// The Confederate's secret entry choices made at set-up (rule 4.3; Scenario 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) entries: Vec<(
        crate::data::variant::EntryGroupId,
        crate::data::variant::EntryChoice,
    )>,
    /// The current turn: an index into the Turn Record Track.
    pub(crate) turn: u16,
    /// Where the sequence of play stands.
    pub(crate) step: Step,
    /// Every counter of both sides in the scenario, reinforcements included.
    pub(crate) units: Counters,
    /// Each side's order log.
    pub(crate) orders: PerSide<Vec<Order>>,
    /// The command state of each receiver that has ever had an order.
    #[serde(default)]
    pub(crate) commands: Vec<CommandEntry>,
    /// Command points left this Command Phase, per army commander (series 10.1b).
    #[serde(default)]
    pub(crate) command_points: Vec<(UnitId, u8)>,
    /// Army HQs, initiative attempts, the 9th Corps release, command radius (series 10).
    #[serde(default)]
    pub(crate) command_state: CommandState,
    /// Each side's secret dice (reference section 5; `crate::dice`).
    #[serde(default)]
    pub(crate) secret_dice: PerSide<SideDice>,
    /// Shared dice a test put here to be drawn first (never set in a real game; `crate::dice`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) dice_script: Vec<u8>,
    /// Union wagons standing on the 3.7 reload hex at the start of the Confederate player
    /// turn (reloaded at the Game Turn End if still there; `crate::supply`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) parked_wagons: Vec<UnitKey>,
    /// Set-up finished, per side.
    #[serde(default)]
    pub(crate) setup_done: PerSide<bool>,
    /// Questions for one player, oldest first.
    #[serde(default)]
    pub(crate) decisions: Vec<Decision>,
    /// A group on the move.
    #[serde(default)]
    pub(crate) moving: Option<MovingGroup>,
    /// What the Movement Phase remembers between moving groups.
    #[serde(default)]
    pub(crate) movement: MovementPhase,
    /// A fire being assembled.
    #[serde(default)]
    pub(crate) fire: Option<FireInProgress>,
    /// Hexes fired at this Fire Combat Phase: (hex, at its artillery) (series 20.3).
    #[serde(default)]
    pub(crate) targeted: Vec<(HexId, bool)>,
    /// The Unfinished Railroad is known, per side (rule 1.3).
    #[serde(default)]
    pub(crate) railroad_found: PerSide<bool>,
    /// The discovery condition of rule 1.3b has been met, per side (the turn it was met).
    #[serde(default)]
    pub(crate) railroad_condition: PerSide<Option<u16>>,
    /// Each side's returns of eliminated brigades, asked for or marked (series 21.2).
    #[serde(default)]
    pub(crate) returns: PerSide<Vec<ReturnMarker>>,
    /// Who last held each hex a combat unit has stood in (rule 5.1d).
    #[serde(default)]
    pub(crate) holdings: Vec<Holding>,
    /// Who possesses each location of the 5.3 table (rule 5.1d; Scenarios 4-7), in the
    /// table's order.
    #[serde(default)]
    pub(crate) places: Vec<PlaceHolding>,
    /// Army Status and panic (reference 3A; empty when not in use).
    #[serde(default)]
    pub(crate) army_status: crate::model::status::ArmyStatusState,
    /// The next stack-order number (series 12.0: the newest arrival is on top).
    pub(crate) next_z: u32,
    /// The result, once the game is over.
    #[serde(default)]
    pub(crate) result: Option<Outcome>,
}

impl BloodyRoadsSouth {
    /// The scenario.
    pub fn scenario_id(&self) -> ScenarioId {
        self.scenario
    }
    /// The scenario's data.
    pub fn scenario(&self) -> &'static Scenario {
        crate::data::scenario(self.scenario)
    }
    /// The maps in play.
    pub fn maps(&self) -> MapsUsed {
        self.scenario().maps
    }
    /// An optional rule is in use.
    pub fn option(&self, id: OptionId) -> bool {
        self.options.contains(&id)
    }
    /// A variant is in play.
    pub fn variant(&self, id: VariantId) -> bool {
        self.variants.contains(&id)
    }
    /// The variants in play (public and secret).
    pub fn variants(&self) -> &[VariantId] {
        &self.variants
    }
    /// True when everyone may know that variant `id` is in play: a public one (3.8b) always;
    /// a secret one once play has begun and one of its counters is on the map ("kept secret
    /// until these troops enter the map"; 4.5c's division is revealed with the set-ups).
    pub fn variant_revealed(&self, id: VariantId) -> bool {
        let d = crate::data::variants().variant(id);
        if !d.secret {
            return true;
        }
        self.step != Step::SetUp
            && (d
                .units
                .iter()
                .any(|u| self.key(d.side, u).is_some_and(|k| self.unit(k).on_map()))
                || d.reveals_with
                    .as_ref()
                    .is_some_and(|g| self.revealed_with_group(g)))
    }
    /// The current turn's index on the Turn Record Track.
    pub fn turn_index(&self) -> u16 {
        self.turn
    }
    /// The current turn's box on the Turn Record Track.
    pub fn turn(&self) -> &'static Turn {
        &crate::data::turn_record().turns()[usize::from(self.turn)]
    }
    /// The game's last turn: the scenario's, or the later one its players agreed to play on
    /// to (Scenario 6, 7.0: into 7 May).
    pub fn last_turn(&self) -> crate::data::GameTime {
        let s = self.scenario();
        match s.may_continue_to {
            Some(later) if self.option(OptionId::PlayOnInto7May) => later,
            _ => s.last_turn,
        }
    }
    /// The last turn's index on the Turn Record Track.
    pub fn last_turn_index(&self) -> u16 {
        crate::data::turn_record()
            .index_of(self.last_turn())
            .unwrap_or(0) as u16
    }
    /// How many turns the game lasts: the scenario's printed length, or more when its players
    /// play on.
    pub fn length(&self) -> u16 {
        let first = crate::data::turn_record()
            .index_of(self.scenario().first_turn)
            .unwrap_or(0) as u16;
        self.last_turn_index().saturating_sub(first) + 1
    }
    /// The turn's number within the scenario (1 = its first turn).
    pub fn turn_number(&self) -> u16 {
        let first = crate::data::turn_record()
            .index_of(self.scenario().first_turn)
            .unwrap_or(0) as u16;
        self.turn.saturating_sub(first) + 1
    }
    /// A night turn (series 29; rule 1.2h).
    pub fn is_night(&self) -> bool {
        self.turn().period == crate::data::turn::Period::Night
    }
    /// Where the sequence of play stands.
    pub fn step(&self) -> Step {
        self.step
    }
    /// Every counter.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// One counter.
    pub fn unit(&self, k: UnitKey) -> &Unit {
        &self.units[k.index()]
    }
    /// One counter, to change it, not its side (the counters and its side's take fresh stamps,
    /// `model::counters`).
    pub(crate) fn unit_mut(&mut self, k: UnitKey) -> &mut Unit {
        self.units.edit_one(k)
    }
    /// Every counter, to change them (they take a fresh stamp, `model::counters`).
    pub(crate) fn units_mut(&mut self) -> &mut Vec<Unit> {
        self.units.edit()
    }
    /// Every key, in order.
    pub fn keys(&self) -> impl Iterator<Item = UnitKey> + '_ {
        (0..self.units.len()).map(|i| UnitKey(i as u16))
    }
    /// The counter of `side` with this id (an extended part is never found by id).
    pub fn key(&self, side: Side, id: &UnitId) -> Option<UnitKey> {
        self.keys().find(|&k| {
            let u = self.unit(k);
            u.side == side && &u.id == id && u.part_of.is_none()
        })
    }
    /// A side's order log.
    pub fn orders(&self, side: Side) -> &[Order] {
        self.orders.get(side)
    }
    /// Questions waiting, oldest first.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }
    /// The result.
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }
    /// A side's returns of eliminated brigades, asked for or marked (series 21.2).
    pub fn returns(&self, side: Side) -> &[ReturnMarker] {
        self.returns.get(side)
    }
    /// The side knows the Unfinished Railroad (rule 1.3).
    pub fn railroad_found(&self, side: Side) -> bool {
        *self.railroad_found.get(side)
    }
    /// The group on the move.
    pub fn moving(&self) -> Option<&MovingGroup> {
        self.moving.as_ref()
    }
    /// The fire being assembled.
    pub fn fire(&self) -> Option<&FireInProgress> {
        self.fire.as_ref()
    }

    /// The command state of a receiver, if it has one.
    pub fn command(&self, side: Side, receiver: &Receiver) -> Option<&Command> {
        self.commands
            .iter()
            .find(|c| c.side == side && &c.receiver == receiver)
            .map(|c| &c.command)
    }

    /// The command state of a receiver, created empty if needed.
    pub(crate) fn command_mut(&mut self, side: Side, receiver: &Receiver) -> &mut Command {
        let i = match self
            .commands
            .iter()
            .position(|c| c.side == side && &c.receiver == receiver)
        {
            Some(i) => i,
            None => {
                self.commands.push(CommandEntry {
                    side,
                    receiver: receiver.clone(),
                    command: Command::default(),
                });
                self.commands.len() - 1
            }
        };
        &mut self.commands[i].command
    }

    /// The one id of a hex used in the state: Map A's where the hex has two (the shared row).
    pub fn canonical(&self, hex: HexId) -> Option<HexId> {
        crate::data::map().canonical(hex, self.maps())
    }

    /// The counters in a hex, top of the stack first (series 12.0).
    pub fn at(&self, hex: HexId) -> Vec<UnitKey> {
        if let Some(stacks) = self.kept_stacks() {
            return stacks.get(hex).map(<[UnitKey]>::to_vec).unwrap_or_default();
        }
        let mut v: Vec<UnitKey> = self
            .keys()
            .filter(|&k| self.unit(k).hex() == Some(hex))
            .collect();
        v.sort_by_key(|&k| std::cmp::Reverse(self.unit(k).z));
        v
    }

    /// The side holding a hex with any counter (hexes never hold both sides at rest).
    pub fn occupant(&self, hex: HexId) -> Option<Side> {
        if let Some(stacks) = self.kept_stacks() {
            // The first counter in key order, as the scan below finds it.
            let first = stacks.get(hex).and_then(|s| s.iter().min().copied());
            return first.map(|k| self.unit(k).side);
        }
        self.units
            .iter()
            .find(|u| u.hex() == Some(hex))
            .map(|u| u.side)
    }

    /// The top combat unit of a hex, or the top counter if there is none (series 12.0).
    pub fn top(&self, hex: HexId) -> Option<UnitKey> {
        let stack = self.at(hex);
        stack
            .iter()
            .copied()
            .find(|&k| self.unit(k).kind.is_combat())
            .or_else(|| stack.first().copied())
    }

    /// Every hex holding counters of `side`, in a stable order.
    pub fn hexes_of(&self, side: Side) -> Vec<HexId> {
        let mut v: Vec<HexId> = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.hex())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The printed brigade of a counter (an extended part reads its parent's).
    pub fn brigade_data(&self, k: UnitKey) -> Option<&'static Brigade> {
        let u = self.unit(k);
        crate::data::order_of_battle().side(u.side).brigade(&u.id)
    }

    /// The printed leader of a counter.
    pub fn leader_data(&self, k: UnitKey) -> Option<&'static Leader> {
        let u = self.unit(k);
        crate::data::order_of_battle().side(u.side).leader(&u.id)
    }

    /// The printed artillery unit of a counter.
    pub fn battery_data(&self, k: UnitKey) -> Option<&'static Battery> {
        let u = self.unit(k);
        crate::data::order_of_battle().side(u.side).battery(&u.id)
    }

    /// Gives a counter the top of its stack (series 12.0).
    pub(crate) fn put_on_top(&mut self, k: UnitKey) {
        self.next_z += 1;
        let z = self.next_z;
        self.unit_mut(k).z = z;
    }

    /// True for counters that are units of the kind given.
    pub fn is(&self, k: UnitKey, kind: UnitKind) -> bool {
        self.unit(k).kind == kind
    }
}
