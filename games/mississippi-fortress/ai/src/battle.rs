//! Combat (S8, S9): which Areas to attack in, Retreat Before Combat, the Battle Board
//! (deployment by formation, engagements, Combat Orders chosen for the odds and the terrain
//! from [`crate::odds`]), the second round, Reserve commitments and loss allocation.

use adjutant_engine::Side;
use mississippi_fortress::Action;
use mississippi_fortress::data::Units;
use mississippi_fortress::data::charts::{AttackerOrder, CombatOrder, DefenderOrder};
use mississippi_fortress::model::action::Position;
use serde_json::Value;

use crate::Ctx;
use crate::odds::{ATTACK, DEFEND, Engagement, attacker_value};
use crate::seen::{Counter, printed_strength, read_counter};
use crate::strategy::defence_factor;

/// Scores combat actions; `None` for any other action.
pub fn score(ctx: &Ctx<'_>, action: &Action) -> Option<f64> {
    let seen = &ctx.seen;
    Some(match action {
        Action::Declare { area } => declare(ctx, area.0),
        Action::FinishDeclarations => 0.0,
        Action::FightIn { .. } => 0.0,
        Action::RetreatBeforeCombat { counter } => {
            let area = battle_area(ctx)?;
            if stand(ctx, area) {
                -10.0
            } else {
                let c = seen
                    .my_counter(counter)
                    .map(|(_, c)| c.strength)
                    .unwrap_or(0.0);
                10.0 + c
            }
        }
        Action::StandAndFight => 0.0,
        Action::Deploy { counter, position } => {
            let plan = deployment(ctx);
            let wanted = plan
                .iter()
                .find(|(id, _)| id == counter)
                .map_or(Position::Reserve, |p| p.1);
            if *position == wanted {
                10.0
            } else {
                match position {
                    Position::Lp2 => 3.0,
                    Position::Lp1 => 2.0,
                    Position::Lp3 => 1.0,
                    Position::Reserve => 0.0,
                }
            }
        }
        Action::DeployAll { .. } => -5.0,
        // An optional engagement (S8.7b2) is taken when its best order is worth fighting.
        Action::Engage { line, target } => match target {
            Some(t) => {
                let mine = line_strength(&my_side(ctx)?["lines"][usize::from(*line)]);
                let theirs = line_strength(&their_side(ctx)?["lines"][usize::from(*t)]);
                let best = ATTACK
                    .iter()
                    .map(|&a| attack_value(ctx, mine, theirs.max(1.0), a))
                    .fold(f64::NEG_INFINITY, f64::max);
                if best > 0.0 { 10.0 + best } else { -1.0 }
            }
            None => 0.0,
        },
        Action::Order { line, order } => order_value(ctx, usize::from(*line), *order)?,
        Action::SecondRound => {
            let area = battle_area(ctx)?;
            let (mine, theirs) = battle_strengths(ctx)?;
            let r = mine / (theirs * defence_factor(area)).max(0.5);
            let objective = ctx.plan.objectives.iter().any(|o| o.area == area);
            if r >= 1.5 || (objective && r >= 1.0) {
                10.0
            } else {
                -10.0
            }
        }
        Action::EndBattle => 0.0,
        Action::CommitAll { position } => match position {
            Some(p) if *p == strongest_line(ctx) => 10.0,
            Some(_) => 1.0,
            None => 0.0,
        },
        Action::Commit { position, .. } => match position {
            Some(p) if *p == strongest_line(ctx) => 5.0,
            _ => -1.0,
        },
        Action::TakeLoss { counter } => {
            let c = seen.my_counter(counter).map(|(_, c)| c.clone());
            c.map_or(0.0, |c| loss_preference(&c))
        }
        _ => return None,
    })
}

/// Attack where the odds, weighted by the terrain, are good; at an objective, accept less.
fn declare(ctx: &Ctx<'_>, area: u8) -> f64 {
    let mine = ctx.seen.my_strength(area);
    let theirs = ctx.belief.enemy_in(area) * defence_factor(area);
    let r = mine / theirs.max(0.5);
    let objective = ctx
        .plan
        .objectives
        .iter()
        .find(|o| o.area == area && !o.hold);
    // Behind on VPs, a player must take more risks (6.1: the Union starts 7 behind).
    let behind = if ctx.seen.vp.0 < ctx.seen.vp.1 {
        0.75
    } else {
        1.0
    };
    // A stack hunted for its SP is worth a battle at odds that make its SP cost less than
    // mine (3 VPs a Union SP, 2 a Confederate one, S10.3).
    let threshold = behind
        * match objective {
            Some(o) if o.prey => PREY_ODDS,
            Some(_) => 1.2,
            None => 1.8,
        };
    if r >= threshold { 5.0 + r } else { -5.0 }
}

/// The odds (after the terrain) a hunted stack is attacked at, before the VP deficit.
const PREY_ODDS: f64 = 1.2;

/// As Defender: stand if the odds against us, the terrain counted, are bearable or the Area
/// is one to hold (S8.4).
fn stand(ctx: &Ctx<'_>, area: u8) -> bool {
    let mine = ctx.seen.my_strength(area) * defence_factor(area);
    let theirs = ctx.belief.enemy_in(area);
    let hold = ctx.plan.objectives.iter().any(|o| o.area == area);
    mine * if hold { 2.5 } else { 1.5 } >= theirs
}

/// The battle's Area.
fn battle_area(ctx: &Ctx<'_>) -> Option<u8> {
    ctx.view["battle"]["area"].as_u64().map(|a| a as u8)
}

fn my_side<'a>(ctx: &Ctx<'a>) -> Option<&'a Value> {
    let v = &ctx.view["battle"]["sides"][ctx.seen.side().as_str()];
    v.is_object().then_some(v)
}

fn their_side<'a>(ctx: &Ctx<'a>) -> Option<&'a Value> {
    let v = &ctx.view["battle"]["sides"][ctx.seen.side().opponent().as_str()];
    v.is_object().then_some(v)
}

fn attacking(ctx: &Ctx<'_>) -> bool {
    ctx.view["battle"]["attacker"].as_str() == Some(ctx.seen.side().as_str())
}

/// The strength of a Line Position as the view shows it (own present SP, enemy printed).
fn line_strength(line: &Value) -> f64 {
    line["counters"]
        .as_array()
        .into_iter()
        .flatten()
        .map(read_counter)
        .filter(Counter::is_combat)
        .map(|c| c.strength)
        .sum()
}

/// My strength and the enemy's in the battle (lines and Reserve; a face-down enemy Reserve
/// counter reckoned at 3 SP).
fn battle_strengths(ctx: &Ctx<'_>) -> Option<(f64, f64)> {
    let me = my_side(ctx)?;
    let them = their_side(ctx)?;
    let lines = |s: &Value| -> f64 {
        s["lines"]
            .as_array()
            .into_iter()
            .flatten()
            .map(line_strength)
            .sum()
    };
    let reserve: f64 = me["reserve"]
        .as_array()
        .into_iter()
        .flatten()
        .map(read_counter)
        .filter(Counter::is_combat)
        .map(|c| c.strength)
        .sum();
    let their_reserve = them["reserve_count"].as_f64().unwrap_or(0.0) * 3.0;
    Some((lines(me) + reserve, lines(them) + their_reserve))
}

/// My occupied Line Position with the most strength (the centre if none).
fn strongest_line(ctx: &Ctx<'_>) -> Position {
    let Some(me) = my_side(ctx) else {
        return Position::Lp2;
    };
    (0..3)
        .map(|i| (i, line_strength(&me["lines"][i])))
        .filter(|&(_, s)| s > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(Position::Lp2, |(i, _)| Position::of_line(i))
}

/// The VPs one SP is worth: to me when the enemy loses it, to him when I do (S10.3: 2 for
/// the Union, 3 for the Confederates in 6.1–6.3).
fn vp_per_sp(side: Side) -> f64 {
    match side {
        Side::Union => 2.0,
        Side::Confederate => 3.0,
    }
}

/// The value of giving Line Position `line` the Combat Order `order` (S8.8), from the
/// expected losses of both sides and the outcome (S9.7), over the enemy's possible orders.
fn order_value(ctx: &Ctx<'_>, line: usize, order: Option<CombatOrder>) -> Option<f64> {
    let engaged = ctx.view["battle"]["engaged"].as_array()?;
    let attacker = attacking(ctx);
    let (mine_key, theirs_key) = if attacker {
        ("attacker_line", "defender_line")
    } else {
        ("defender_line", "attacker_line")
    };
    let partner = engaged
        .iter()
        .find(|e| e[mine_key].as_u64() == Some(line as u64))
        .and_then(|e| e[theirs_key].as_u64());
    let Some(partner) = partner else {
        // An unengaged Defender Line Position stays (no order) rather than withdraw.
        return Some(if order.is_none() { 1.0 } else { -1.0 });
    };
    let mine = line_strength(&my_side(ctx)?["lines"][line]);
    let theirs = line_strength(&their_side(ctx)?["lines"][partner as usize]).max(1.0);
    Some(if attacker {
        let att: AttackerOrder = match order? {
            CombatOrder::Diversion => AttackerOrder::Diversion,
            CombatOrder::Advance => AttackerOrder::Advance,
            _ => AttackerOrder::Assault,
        };
        attack_value(ctx, mine, theirs, att)
    } else {
        let def: DefenderOrder = match order? {
            CombatOrder::Withdraw => DefenderOrder::Withdraw,
            CombatOrder::Stand => DefenderOrder::Stand,
            _ => DefenderOrder::Counterattack,
        };
        let area = battle_area(ctx)?;
        let (g, c) = (
            vp_per_sp(ctx.seen.side()),
            vp_per_sp(ctx.seen.side().opponent()),
        );
        let e = Engagement {
            attacker: theirs,
            defender: mine,
            area,
            rain: ctx.seen.rain,
        };
        let replies_to = if ctx.budget.order_replies <= 1 {
            vec![AttackerOrder::Advance]
        } else {
            ATTACK.to_vec()
        };
        blend(
            ctx,
            replies_to
                .into_iter()
                .map(|a| -attacker_value(e, a, def, c, g, area_worth(ctx, area)))
                .collect(),
        )
    })
}

/// The value to me, attacking, of a Line Position of strength `mine` given `order` against
/// a Defender Line Position of strength `theirs`, over his possible orders.
fn attack_value(ctx: &Ctx<'_>, mine: f64, theirs: f64, att: AttackerOrder) -> f64 {
    let Some(area) = battle_area(ctx) else {
        return 0.0;
    };
    let (g, c) = (
        vp_per_sp(ctx.seen.side()),
        vp_per_sp(ctx.seen.side().opponent()),
    );
    let e = Engagement {
        attacker: mine,
        defender: theirs,
        area,
        rain: ctx.seen.rain,
    };
    let replies_to = if ctx.budget.order_replies <= 1 {
        vec![DefenderOrder::Stand]
    } else {
        DEFEND.to_vec()
    };
    blend(
        ctx,
        replies_to
            .into_iter()
            .map(|d| attacker_value(e, att, d, g, c, area_worth(ctx, area)))
            .collect(),
    )
}

/// What holding the battle's Area is worth: more at an objective of the scenario (an enemy
/// stack hunted for its SP is not one: driving it off gains only its straggler checks).
fn area_worth(ctx: &Ctx<'_>, area: u8) -> f64 {
    if ctx
        .plan
        .objectives
        .iter()
        .any(|o| o.area == area && !o.prey)
    {
        12.0
    } else {
        4.0
    }
}

/// The values of an order against each reply, combined as the level weighs them: the mean
/// (one reply), or the mean and the worst equally.
fn blend(ctx: &Ctx<'_>, values: Vec<f64>) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len().max(1) as f64;
    if ctx.budget.order_replies <= 1 {
        mean
    } else {
        let worst = values.iter().copied().fold(f64::INFINITY, f64::min);
        0.5 * mean + 0.5 * worst
    }
}

/// Which counter takes the next SP of loss (S9.61). A division at half its printed strength
/// or less is ineffective (S1.8a) and earns the enemy VPs at the end if still on the map:
/// losses go first to one already ineffective (it costs nothing more, and gone it costs
/// nothing at all), then to brigades, cavalry and artillery, then to the division with the
/// most strength to spare above half, never to one that the loss would make ineffective while
/// another choice remains.
fn loss_preference(c: &Counter) -> f64 {
    if c.kind != "division" {
        return 20.0 + c.strength;
    }
    let full = c.id.as_deref().map_or(c.strength, printed_strength);
    let spare = c.strength - full / 2.0;
    if spare <= 0.0 {
        30.0 + c.strength
    } else if spare > 1.0 {
        spare
    } else {
        -10.0 + c.strength
    }
}

/// Where each of my counters in the battle goes (S8.6): one formation per Line Position,
/// the largest in the centre; one artillery and one cavalry unit per Line Position; each
/// Leader with his formation; the rest in the Reserve.
pub fn deployment(ctx: &Ctx<'_>) -> Vec<(String, Position)> {
    let Some(area) = battle_area(ctx) else {
        return Vec::new();
    };
    let units = Units::get();
    let mine: Vec<&Counter> = ctx.seen.mine(area).filter(|c| c.kind != "dummy").collect();
    let formation = |c: &Counter| -> String {
        c.id.as_deref()
            .and_then(|id| units.unit(id))
            .and_then(|u| u.formation.as_ref().map(|f| format!("{f:?}")))
            .unwrap_or_default()
    };
    let mut groups: Vec<(String, f64)> = Vec::new();
    for c in mine.iter().filter(|c| c.is_infantry()) {
        let f = formation(c);
        match groups.iter_mut().find(|g| g.0 == f) {
            Some(g) => g.1 += c.strength,
            None => groups.push((f, c.strength)),
        }
    }
    groups.sort_by(|a, b| b.1.total_cmp(&a.1));
    let slots = [Position::Lp2, Position::Lp1, Position::Lp3];
    let slot_of = |f: &str| -> Position {
        groups
            .iter()
            .position(|g| g.0 == f)
            .and_then(|i| slots.get(i).copied())
            .unwrap_or(Position::Reserve)
    };
    let used = groups.len().clamp(1, 3);
    let mut art = 0usize;
    let mut cav = 0usize;
    let mut plan = Vec::new();
    for c in &mine {
        let Some(id) = c.id.clone() else { continue };
        let p = match c.kind.as_str() {
            "division" | "brigade" | "militia" => slot_of(&formation(c)),
            "artillery" => {
                art += 1;
                slots
                    .get(art - 1)
                    .filter(|_| art <= used)
                    .copied()
                    .unwrap_or(Position::Reserve)
            }
            "cavalry" => {
                cav += 1;
                slots
                    .get(cav - 1)
                    .filter(|_| cav <= used)
                    .copied()
                    .unwrap_or(Position::Reserve)
            }
            _ => {
                let commands: Vec<String> = units
                    .unit(&id)
                    .and_then(|u| u.leader.as_ref())
                    .map(|l| l.commands.iter().map(|f| format!("{f:?}")).collect())
                    .unwrap_or_default();
                commands
                    .iter()
                    .map(|f| slot_of(f))
                    .find(|p| *p != Position::Reserve)
                    .unwrap_or(Position::Reserve)
            }
        };
        plan.push((id, p));
    }
    plan
}
