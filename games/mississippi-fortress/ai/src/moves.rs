//! Land movement (S3.1c): which stack moves, which counters go, where each step leads, when
//! to stop. A stack walks the potential of [`potential`]: the pull of the objectives, the
//! odds of any Area it would enter, and staying near its Officers (communications, S6).

use mississippi_fortress::Action;

use mississippi_fortress::data::Units;
use mississippi_fortress::data::units::LeaderRole;

use crate::Ctx;
use crate::groups::marches_in_groups;
use crate::seen::Counter;
use crate::strategy::{FAR, defence_factor};

/// Scores movement actions; `None` for any other action.
/// The offered action's label tells a step that would force march (S3.5): it costs
/// stragglers (VPs to the enemy at the end) and halves the stack in combat, so only a
/// large gain pays for it.
pub fn score(ctx: &Ctx<'_>, action: &Action, label: &str, all: &[Option<Action>]) -> Option<f64> {
    let seen = &ctx.seen;
    Some(match action {
        Action::MoveFrom { area } => {
            let movers = movers(ctx, area.0);
            if movers.is_empty() {
                return Some(-10.0);
            }
            // A regiment posted to close a way out goes before the columns that attack
            // (see `trap`), while the Areas they start from still count as closed.
            if let [c] = movers.as_slice()
                && let Some(post) = ctx.trap().and_then(|t| t.post(c.id.as_deref()?))
                && post != area.0
            {
                return Some(300.0);
            }
            let s = strength(&movers);
            best_step(ctx, area.0, s).map_or(-10.0, |(_, gain)| gain - 0.5)
        }
        Action::FinishMovement => 0.0,
        Action::SailFrom { .. } => -5.0,
        Action::TakeAll => {
            let Some(area) = taking_from(ctx, all) else {
                return Some(-1.0);
            };
            let all: Vec<&Counter> = seen.mine(area).filter(|c| !c.moved).collect();
            if movers(ctx, area).len() >= all.len() {
                1000.0
            } else {
                -1.0
            }
        }
        Action::Take { counter } => match taking_from(ctx, all) {
            Some(area)
                if movers(ctx, area)
                    .iter()
                    .any(|c| c.id.as_deref() == Some(counter)) =>
            {
                900.0
            }
            _ => -1.0,
        },
        Action::StepTo { area } => {
            let (at, s, ids) = stack(ctx)?;
            let march = if label.contains("force march") {
                force_march_cost(ctx, &ids)
            } else {
                0.0
            };
            100.0 + potential(ctx, area.0, s, at) - potential(ctx, at, s, at) - march
        }
        Action::Halt => 100.0,
        Action::Leave { .. } => -5.0,
        Action::Cancel => -50.0,
        _ => return None,
    })
}

/// The Area whose counters are being picked up, before the stack's first step. Until the
/// first counter is taken the view shows no moving stack: the Area is then that of the
/// counters offered.
fn taking_from(ctx: &Ctx<'_>, all: &[Option<Action>]) -> Option<u8> {
    if let Some(m) = ctx.seen.moving.as_ref() {
        return m.2.is_empty().then_some(m.1);
    }
    all.iter().flatten().find_map(|a| match a {
        Action::Take { counter } => ctx.seen.my_counter(counter).map(|(area, _)| area),
        _ => None,
    })
}

/// The moving stack: where it is, its strength, its counters.
fn stack(ctx: &Ctx<'_>) -> Option<(u8, f64, Vec<String>)> {
    let (_, at, _, ids) = ctx.seen.moving.as_ref()?;
    let s = ids
        .iter()
        .filter_map(|id| ctx.seen.my_counter(id))
        .filter(|(_, c)| c.is_combat())
        .map(|(_, c)| c.strength)
        .sum();
    Some((*at, s, ids.clone()))
}

/// What the next step costs the stack `ids` if it is a force march (S3.3): the straggler
/// checks of the units it takes beyond their allowance, weighed as VPs to the enemy (three
/// points of potential a VP: a step toward an objective is worth tens), and a base price.
fn force_march_cost(ctx: &Ctx<'_>, ids: &[String]) -> f64 {
    let steps = ctx.seen.moving.as_ref().map_or(0, |m| m.2.len()) + 1;
    let marching: Vec<&Counter> = ids
        .iter()
        .filter_map(|id| ctx.seen.my_counter(id))
        .map(|(_, c)| c)
        .filter(|c| c.is_combat() && crate::stragglers::allowance(c) < steps)
        .collect();
    // On the last turn nothing is left to march for but this turn's battle, whose VPs rarely
    // match the stragglers' (and a repulse sends the stack back with more checks, S9.92):
    // each VP weighs as much as a step toward a stack of the enemy.
    let per_vp = if ctx.seen.turn >= ctx.seen.last_turn {
        LAST_TURN_PER_VP
    } else {
        3.0
    };
    6.0 + per_vp * crate::stragglers::checks_cost(&ctx.seen, &marching)
}

/// Points of potential a VP of stragglers weighs on the last turn.
const LAST_TURN_PER_VP: f64 = 10.0;

fn strength(cs: &[&Counter]) -> f64 {
    cs.iter()
        .filter(|c| c.is_combat())
        .map(|c| c.strength)
        .sum()
}

/// The counters of `area` that should move: all that may, less the garrison a held
/// objective keeps (whole formations with their Officer, see [`garrison`]).
pub fn movers<'a>(ctx: &'a Ctx<'_>, area: u8) -> Vec<&'a Counter> {
    let seen = &ctx.seen;
    // On the last turn a unit with stragglers stays put: standing still it recovers them all
    // (S7.5), and unrecovered stragglers are the enemy's VPs at the end (S10).
    let last_turn = seen.turn >= seen.last_turn;
    let free: Vec<&Counter> = seen
        .mine(area)
        .filter(|c| !c.moved && c.kind != "dummy")
        .filter(|c| !(last_turn && c.stragglers > 0.0))
        .collect();
    if !free.iter().any(|c| c.is_combat()) {
        return Vec::new();
    }
    let need = ctx
        .plan
        .objectives
        .iter()
        .filter(|o| o.hold && o.area == area)
        .map(|o| garrison_need(ctx, o.area))
        .fold(0.0, f64::max);
    if need <= 0.0 {
        return marching(ctx, area, free);
    }
    let kept = seen
        .mine(area)
        .filter(|c| c.moved && c.is_combat())
        .map(|c| c.strength)
        .sum::<f64>();
    let (stay, mut go) = garrison(free.iter().copied().filter(|c| c.is_combat()), need - kept);
    // Artillery cannot attack or hold a Line Position alone (S1.11): it goes with others.
    if !go.iter().any(|c| c.kind != "artillery") {
        return Vec::new();
    }
    // Each Leader goes where most of his command goes (an Officer's infantry traces to him
    // within two Areas, S6.3; Grant goes with the larger part), so that the garrison is not
    // left out of communications (6.2 C2: a VP to the enemy per unit, every turn).
    let staying: Vec<&Counter> = seen
        .mine(area)
        .filter(|c| c.is_combat() && (c.moved || stay.contains(c)))
        .collect();
    let leaders: Vec<&Counter> = free
        .iter()
        .copied()
        .filter(|c| c.kind == "leader")
        .collect();
    // In 6.1 the Commander stays with Jackson's garrison: its Officer must trace to him
    // (S6.3, four Areas) at the end for the victory, and the enemy's stacks between a
    // far-off Commander and Jackson would cut the trace.
    let keeps_commander = seen.scenario == "champion-hill";
    for l in leaders {
        if keeps_commander && is_commander(l) {
            continue;
        }
        let commands = |c: &Counter| leader_commands(l, c);
        let weigh = |cs: &[&Counter]| -> f64 {
            cs.iter().filter(|c| commands(c)).map(|c| c.strength).sum()
        };
        if weigh(&go) >= weigh(&staying) {
            go.push(l);
        }
    }
    marching(ctx, area, go)
}

/// The counters that move together now: all of them, or the first marching group — a
/// regiment posted elsewhere by the trap first, one posted where it stands never.
fn marching<'a>(ctx: &Ctx<'_>, area: u8, go: Vec<&'a Counter>) -> Vec<&'a Counter> {
    if !marches_in_groups(&ctx.seen) {
        return go;
    }
    let post = |c: &Counter| {
        c.id.as_deref()
            .and_then(|id| ctx.trap().and_then(|t| t.post(id)))
    };
    if let Some(c) = go.iter().find(|c| post(c).is_some_and(|p| p != area)) {
        return vec![*c];
    }
    crate::groups::first(go.into_iter().filter(|c| post(c).is_none()).collect())
}

/// Splits the combat units of a held Area into the garrison that stays (at least `need` SP)
/// and the rest. The garrison is made of whole formations, so that it keeps its Officer
/// and stays in communications (S6.3; 6.1 wants effective infantry in communications in
/// Jackson): the smallest formation that suffices (infantry first), else the largest, and so
/// on; a unit without a formation (cavalry, artillery) is a group of its own.
fn garrison<'a>(
    units: impl Iterator<Item = &'a Counter>,
    need: f64,
) -> (Vec<&'a Counter>, Vec<&'a Counter>) {
    let all = Units::get();
    let key = |c: &Counter| -> Option<String> {
        if !c.is_infantry() {
            return None;
        }
        c.id.as_deref()
            .and_then(|id| all.unit(id))
            .and_then(|u| u.formation)
            .map(|f| format!("{f:?}"))
    };
    let mut groups: Vec<Vec<&Counter>> = Vec::new();
    for u in units {
        let k = key(u);
        match groups.iter_mut().find(|g| k.is_some() && key(g[0]) == k) {
            Some(g) => g.push(u),
            None => groups.push(vec![u]),
        }
    }
    let sum = |g: &[&Counter]| g.iter().map(|c| c.strength).sum::<f64>();
    let mut stay: Vec<&Counter> = Vec::new();
    let mut kept = 0.0;
    while kept < need && !groups.is_empty() {
        let want = need - kept;
        let infantry_first = stay.is_empty() && groups.iter().any(|g| g[0].is_infantry());
        let eligible = |g: &Vec<&Counter>| !infantry_first || g[0].is_infantry();
        let pick = groups
            .iter()
            .enumerate()
            .filter(|(_, g)| eligible(g) && sum(g) >= want)
            .min_by(|a, b| sum(a.1).total_cmp(&sum(b.1)))
            .or_else(|| {
                groups
                    .iter()
                    .enumerate()
                    .filter(|(_, g)| eligible(g))
                    .max_by(|a, b| sum(a.1).total_cmp(&sum(b.1)))
            })
            .map(|(i, _)| i)
            .unwrap_or(0);
        let g = groups.remove(pick);
        kept += sum(&g);
        stay.extend(g);
    }
    (stay, groups.into_iter().flatten().collect())
}

/// Whether `l` is a Commander (or a C/O): a Leader every Officer traces to.
fn is_commander(l: &Counter) -> bool {
    l.id.as_deref()
        .and_then(|id| Units::get().unit(id))
        .and_then(|u| u.leader.as_ref())
        .is_some_and(|l| l.role != LeaderRole::Officer)
}

/// Whether Leader `l` leads `c`: an Officer his formations' infantry, a Commander everyone.
fn leader_commands(l: &Counter, c: &Counter) -> bool {
    let units = Units::get();
    let Some(leader) =
        l.id.as_deref()
            .and_then(|id| units.unit(id))
            .and_then(|u| u.leader.as_ref())
    else {
        return false;
    };
    if leader.role != LeaderRole::Officer {
        return true;
    }
    c.is_infantry()
        && c.id
            .as_deref()
            .and_then(|id| units.unit(id))
            .and_then(|u| u.formation)
            .is_some_and(|f| leader.commands.contains(&f))
}

/// The strength a held objective wants: the enemy within two steps, a third more, at least 8.
pub fn garrison_need(ctx: &Ctx<'_>, area: u8) -> f64 {
    let threat: f64 = ctx
        .belief
        .enemy
        .iter()
        .filter(|&(&a, _)| ctx.plan.d(a, area) <= 2)
        .map(|(_, &e)| e)
        .sum();
    (threat * 1.3 / defence_factor(area).max(1.0)).max(8.0)
}

/// The best next step for a stack of strength `s` in `at`, and its gain.
pub fn best_step(ctx: &Ctx<'_>, at: u8, s: f64) -> Option<(u8, f64)> {
    let here = potential(ctx, at, s, at);
    mississippi_fortress::data::Map::get()
        .neighbours(mississippi_fortress::data::AreaId(at))
        .iter()
        .filter(|b| {
            mississippi_fortress::data::Map::get().land_step(
                mississippi_fortress::data::AreaId(at),
                **b,
                false,
            )
        })
        .map(|b| (b.0, potential(ctx, b.0, s, at) - here))
        .max_by(|x, y| x.1.total_cmp(&y.1))
}

/// What standing in `area` is worth to a stack of strength `s` of mine that stands in `from`
/// now. A held objective whose garrison suffices without the stack no longer pulls it.
pub fn potential(ctx: &Ctx<'_>, area: u8, s: f64, from: u8) -> f64 {
    let seen = &ctx.seen;
    if marches_in_groups(seen)
        && let Some(post) = crate::trap::pull(ctx, area, from)
    {
        return post;
    }
    let mut v = 0.0;
    for o in &ctx.plan.objectives {
        let d = ctx.plan.d(area, o.area);
        if d >= FAR {
            continue;
        }
        let enemy_there = ctx.belief.enemy_in(o.area) > 0.0;
        let factor = if o.hold {
            let held = seen.my_strength(o.area) - if from == o.area { s } else { 0.0 };
            // Enough is held without the stack: it is free to go (the hunting Union of 6.1
            // most of all).
            if held >= garrison_need(ctx, o.area) {
                if marches_in_groups(seen) { 0.05 } else { 0.15 }
            } else {
                1.0
            }
        } else if seen.i_hold(o.area) && !enemy_there && area != o.area {
            0.4
        } else {
            1.0
        };
        v += o.weight * factor / (1.0 + f64::from(d)).powf(1.3);
    }
    let cordon = if marches_in_groups(seen) {
        crate::cordon::value(ctx, area, s, from)
    } else {
        0.0
    };
    v + contact(ctx, area, s, from) + cordon + crate::comms::communications(ctx, area, from)
}

/// Entering an Area held by the enemy: a prize at good odds, a danger at bad (S8, S9).
/// My columns already there fight beside the stack.
fn contact(ctx: &Ctx<'_>, area: u8, s: f64, from: u8) -> f64 {
    let e = ctx.belief.enemy_in(area);
    if e <= 0.0 {
        return 0.0;
    }
    let defended = e * defence_factor(area);
    // A stack that crosses a Major River into the Area attacks at half strength (S9.3c) and,
    // unless the Defender is gone at the end, goes back across with straggler checks
    // (S9.92b): it comes only to a sure thing, and pays for the risk.
    let map = mississippi_fortress::data::Map::get();
    let crossing = map
        .border(
            mississippi_fortress::data::AreaId(from),
            mississippi_fortress::data::AreaId(area),
        )
        .is_some_and(|b| b.is_major_river());
    let (s, risk) = if crossing { (s / 2.0, 6.0) } else { (s, 0.0) };
    // The hunting Union of 6.1 (seven VPs behind at the start) takes worse odds, and counts
    // the columns that will follow it in.
    let groups = marches_in_groups(&ctx.seen);
    let support = if groups && !crossing {
        crate::cordon::support(ctx, area, s, from)
    } else {
        0.0
    };
    let r = (s + support + crate::cordon::others(ctx, area, s, from)) / defended.max(0.5);
    let (good, bearable) = if groups { (1.5, 1.0) } else { (2.0, 1.2) };
    if r >= good {
        2.0 * e.min(s / 2.0) - risk
    } else if r >= bearable {
        -risk
    } else {
        -30.0 * (bearable - r) - 5.0 - risk
    }
}
