//! Combat (S8, S9, 2.12, 2.13, 2.22a, 4.31, 5.11, 5.12, S9.92).
//! The set-ups shared by the tests are here; the tests, one concept a file, below.

use adjutant_engine::{Dice, Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::{Action, Dest, Position};
use mississippi_fortress::combat::BattleStage;
use mississippi_fortress::combat::resolution::{
    StrengthCase, cic_b_column, fire_roll, unit_strength,
};
use mississippi_fortress::data::Weather;
use mississippi_fortress::data::charts::{
    CombatOrder, CombatStrength, FcrtGroup, RatioColumn, StrengthBand,
};
use mississippi_fortress::data::map::Terrain;
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{Kind, Place};

use crate::support::*;

mod all_at_once;
mod announced;
mod before_battle;
mod chain_of_command;
mod deployment;
mod fire;
mod irrevocable;
mod orders;
mod outcomes;
mod report;
mod special;

/// A cleared board, Clear weather unless `rain`, at the Union Declaration Segment of Turn 13.
fn field(
    n: u64,
    rain: bool,
    place: impl FnOnce(&mut MississippiFortress),
) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = lab(n);
    clear(&mut game, false);
    if !rain {
        edit(&mut game, |s| s.weather(Weather::Clear));
    }
    place(&mut game);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    (game, dice)
}

/// Declares a battle in `n` (and fights it first).
fn attack(game: &mut MississippiFortress, dice: &mut Dice, n: u8) {
    play(game, dice, Side::Union, Action::Declare { area: area(n) });
    if game.step() == Step::Declaration(Side::Union) {
        play(game, dice, Side::Union, Action::FinishDeclarations);
    }
    if game.battle().is_none() {
        play(game, dice, Side::Union, Action::FightIn { area: area(n) });
    }
    assert_eq!(game.battle().map(|b| b.area()), Some(area(n)));
}

fn stand(game: &mut MississippiFortress, dice: &mut Dice) {
    if game
        .battle()
        .is_some_and(|b| b.stage() == BattleStage::Retreats)
    {
        play(game, dice, Side::Confederate, Action::StandAndFight);
    }
}

fn deploy(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    side: Side,
    positions: &[(&str, Position)],
) {
    while game
        .battle()
        .is_some_and(|b| b.stage() == BattleStage::Deploy)
    {
        let Some(k) = game.next_to_deploy(side) else {
            return;
        };
        let id = game.counters()[k].id().to_string();
        let position = positions
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, p)| *p)
            .unwrap_or_else(|| panic!("no position for {id}"));
        play(
            game,
            dice,
            side,
            Action::Deploy {
                counter: id,
                position,
            },
        );
    }
}

fn order(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    side: Side,
    orders: &[(u8, Option<CombatOrder>)],
) {
    for &(line, order) in orders {
        if game.next_order_line(side) == Some(line) {
            play(game, dice, side, Action::Order { line, order });
        }
    }
}

fn go(game: &mut MississippiFortress, dice: &mut Dice, side: Side, n: u8) {
    play(
        game,
        dice,
        side,
        Action::Go {
            to: Dest::Area(area(n)),
        },
    );
}

const LP1: Position = Position::Lp1;
const LP2: Position = Position::Lp2;
const LP3: Position = Position::Lp3;
const RESERVE: Position = Position::Reserve;
