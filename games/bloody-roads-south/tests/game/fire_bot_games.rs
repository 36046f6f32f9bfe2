//! Seeded bot games from a position in contact (both sides' brigades and guns face to face in
//! Sander's Field), choosing uniformly among the legal actions of whoever may act: fire,
//! retreats, rout-through, the Rally Phase, leaders and resupply run to the scenario's end
//! with no panic, no prompt without actions, and every invariant after every action.

use adjutant_engine::{Dice, Seed};
use bloody_roads_south::events::EventKind;
use bloody_roads_south::testing;

use crate::fire_setup::*;
use crate::support::{Rng, play_state_to_end};

fn contact() -> bloody_roads_south::BloodyRoadsSouth {
    let mut g = game();
    for (id, at) in [
        ("Stwl/J/2", "A17.10"),
        ("2b-1", "A17.10"),
        ("J/J/2", "A17.09"),
        ("Ste/J/2", "A16.11"),
        ("Johnson", "A17.10"),
    ] {
        put(&mut g, C, id, at, toward(at, "A18.10"));
    }
    for (id, at) in [
        ("2/1/5", "A18.10"),
        ("3/1/5", "A17.11"),
        ("1/2/5", "A18.09"),
        ("Db-1", "A18.10"),
        ("Griffin", "A18.10"),
        ("5 Corps Supply", "A20.10"),
    ] {
        put(&mut g, U, id, at, toward(at, "A17.10"));
    }
    testing::low_ammo(&mut g, U, "1/2/5", true);
    g
}

#[test]
fn fire_bot_games_in_contact_reach_the_end() {
    let (mut fires, mut retreats, mut rallies) = (0, 0, 0);
    for n in 0..12u64 {
        let mut g = contact();
        let mut dice = Dice::new(&Seed::from_bytes([n as u8; 32]));
        let mut rng = Rng(n ^ 0xf1e);
        play_state_to_end(&mut g, &mut dice, &mut rng, n, 20_000, |_, events| {
            for e in events {
                match e.kind {
                    EventKind::Fire => fires += 1,
                    EventKind::Retreat => retreats += 1,
                    EventKind::Rally => rallies += 1,
                    _ => {}
                }
            }
        });
    }
    assert!(
        fires > 20 && retreats > 0 && rallies > 0,
        "{fires} {retreats} {rallies}"
    );
}
