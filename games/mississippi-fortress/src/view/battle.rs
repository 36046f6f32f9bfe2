//! The Battle Board in a view (S8.5, Appendix V): both sides' participants, their Line
//! Positions once revealed (or always, to their owner), Reserve, commitments, Combat Orders
//! once revealed together, engagements, results and the combat reports.

use adjutant_engine::{Side, Viewer};
use serde::Serialize;

use crate::data::AreaId;
use crate::data::charts::CombatOrder;
use crate::fog::CounterView;
use crate::model::action::Position;
use crate::model::battle::{BattleStage, EngagementResult};
use crate::model::game::MississippiFortress;
use crate::model::report::CombatReport;

#[derive(Serialize)]
pub(super) struct BattleView<'a> {
    area: AreaId,
    attacker: Side,
    defender: Side,
    round: u8,
    stage: BattleStage,
    compelled: bool,
    engaged: Vec<Engaged>,
    results: &'a [EngagementResult],
    /// The same engagements as the events' combat reports (model/report.rs): what a client
    /// draws after fire, with strengths in SP and lines numbered from 1.
    combats: &'a [CombatReport],
    sides: Sides<'a>,
}

#[derive(Serialize)]
struct Engaged {
    attacker_line: usize,
    defender_line: u8,
}

#[derive(Serialize)]
struct Sides<'a> {
    union: SideBoard<'a>,
    confederate: SideBoard<'a>,
}

/// One side of the board as the viewer may see it.
#[derive(Serialize)]
struct SideBoard<'a> {
    participants: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    lines: Option<Vec<Line<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reserve: Option<Vec<CounterView<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reserve_count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    commits: Option<Vec<Commit<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    orders: Option<Vec<Order>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    losses: Option<[u8; 3]>,
}

#[derive(Serialize)]
struct Line<'a> {
    counters: Vec<CounterView<'a>>,
}

#[derive(Serialize)]
struct Commit<'a> {
    counter: &'a str,
    position: Option<Position>,
}

#[derive(Serialize)]
struct Order {
    line: u8,
    order: Option<CombatOrder>,
}

impl MississippiFortress {
    pub(super) fn battle_view(&self, viewer: Viewer) -> Option<BattleView<'_>> {
        let b = self.battle.as_ref()?;
        let board = |side: Side| self.side_board(side, viewer);
        let engaged = if b.revealed {
            (0..3)
                .filter_map(|a| {
                    b.engaged[a].map(|d| Engaged {
                        attacker_line: a,
                        defender_line: d,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(BattleView {
            area: b.area,
            attacker: b.attacker,
            defender: b.defender(),
            round: b.round,
            stage: b.stage,
            compelled: b.compelled,
            engaged,
            results: if b.orders_revealed { &b.results } else { &[] },
            combats: if b.orders_revealed { &b.reports } else { &[] },
            sides: Sides {
                union: board(Side::Union),
                confederate: board(Side::Confederate),
            },
        })
    }

    fn side_board(&self, side: Side, viewer: Viewer) -> SideBoard<'_> {
        let b = self.battle.as_ref().expect("a battle is being fought");
        let own = viewer.sees_secrets_of(side);
        // Until the roster is drawn up (S8.2d, after any retreat before combat) the side's
        // counters in the battle's Area are its participants.
        let participants = if b.roster.is_empty() {
            self.in_area(side, b.area).count()
        } else {
            b.roster
                .iter()
                .filter(|&&k| self.counters[k].side == side)
                .count()
        };
        let shown = b.revealed || own;
        let reserve = shown.then(|| self.at_position(side, Position::Reserve));
        SideBoard {
            participants,
            lines: shown.then(|| {
                (0..3)
                    .map(|line| Line {
                        counters: self.counters_view(
                            &self.at_position(side, Position::of_line(line)),
                            viewer,
                        ),
                    })
                    .collect()
            }),
            reserve: reserve
                .as_ref()
                .filter(|_| own)
                .map(|keys| self.counters_view(keys, viewer)),
            reserve_count: reserve.as_ref().filter(|_| !own).map(Vec::len),
            commits: (own && b.stage == BattleStage::Commit).then(|| {
                b.commits
                    .iter()
                    .filter(|(k, _)| self.counters[*k].side == side)
                    .map(|&(k, position)| Commit {
                        counter: &self.counters[k].id,
                        position,
                    })
                    .collect()
            }),
            orders: (b.orders_revealed || own).then(|| {
                b.orders
                    .iter()
                    .filter(|(s, _, _)| *s == side)
                    .map(|&(_, line, order)| Order { line, order })
                    .collect()
            }),
            losses: b.orders_revealed.then(|| *b.losses.get(side)),
        }
    }
}
