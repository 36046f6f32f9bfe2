//! What movement lets each viewer know (reference 5): the mover's offers never depend on the
//! enemy's secrets (morale states, losses, the counters beneath a stack's top) beyond what
//! the rules reveal; the moving group is in its owner's view only.

use std::sync::OnceLock;

use adjutant_engine::{Dice, Rules, Side, Viewer};
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, UnitKey, UnitKind};
use bloody_roads_south::{Action, BloodyRoadsSouth};
use proptest::prelude::*;

use crate::movement_board::Board;
use crate::support::{sanders_field, seed, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// Sander's Field as set up, at the start of the Union's movement.
fn base() -> &'static BloodyRoadsSouth {
    static BASE: OnceLock<BloodyRoadsSouth> = OnceLock::new();
    BASE.get_or_init(|| {
        let mut m = sanders_field(90);
        set_up_quickly(&mut m);
        let mut g = m.state().clone();
        g.test_begin_movement(U);
        g
    })
}

/// A front line of Sander's Field: Confederate stacks in line facing east (with brigades
/// beneath some tops), Union brigades in line next to them and a stack in column.
fn front() -> &'static BloodyRoadsSouth {
    static FRONT: OnceLock<BloodyRoadsSouth> = OnceLock::new();
    FRONT.get_or_init(|| {
        let mut b = Board::empty(93);
        for (id, at) in [
            ("Ste/J/2", "A17.09"),
            ("J/J/2", "A17.09"),
            ("Stwl/J/2", "A17.11"),
            ("Sta/J/2", "A18.07"),
            ("Johnson", "A18.07"),
            ("Do/R/2", "A16.12"),
        ] {
            b.place(C, id, at, Formation::Line, Vertex::NE_SE);
        }
        b.place(C, "B/R/2", "A19.12", Formation::Column, Vertex::NE_SE);
        b.place(C, "2b-1", "A17.10", Formation::Unlimbered, Vertex::NE_SE);
        for (id, at, f) in [
            ("2/1/5", "A18.10", Formation::Line),
            ("Griffin", "A18.10", Formation::None),
            ("3/1/5", "A19.08", Formation::Line),
            ("1/1/5", "A20.10", Formation::Column),
            ("1/4/5", "A19.07", Formation::Line),
            ("Db-1", "A19.11", Formation::Limbered),
            ("2/4/5", "A20.12", Formation::Line),
        ] {
            b.place(U, id, at, f, Vertex::SW_NW);
        }
        b.begin(U);
        b.g
    })
}

const STATES: [MoraleState; 5] = [
    MoraleState::BloodLust,
    MoraleState::Normal,
    MoraleState::Shaken,
    MoraleState::Disorganized,
    MoraleState::Routed,
];

/// Gives the Confederates secrets: morale states, losses, and the formation of brigades
/// beneath the top of their stacks.
fn with_secrets(mut g: BloodyRoadsSouth, secrets: &[(u8, u8, bool)]) -> BloodyRoadsSouth {
    let enemy: Vec<UnitKey> = g
        .keys()
        .filter(|&k| g.unit(k).side() == C && g.unit(k).on_map())
        .collect();
    for (i, &k) in enemy.iter().enumerate() {
        let (morale, losses, column) = secrets[i % secrets.len()];
        g.test_set_morale(k, STATES[usize::from(morale) % STATES.len()]);
        if g.unit(k).kind() == UnitKind::Brigade {
            g.test_set_losses(k, losses % 4, 0);
            let hex = g.unit(k).hex().expect("on the map");
            if column && g.top(hex) != Some(k) {
                g.test_set_formation(k, Formation::Column);
            }
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    #[test]
    fn rule_5_the_movers_actions_do_not_depend_on_the_enemys_secrets(
        secrets in prop::collection::vec((0u8..5, 0u8..8, any::<bool>()), 1..12),
        choices in prop::collection::vec(any::<u16>(), 1..24),
        n in 0u64..1000,
        at_the_front in any::<bool>(),
    ) {
        let start = if at_the_front { front() } else { base() };
        let mut plain = start.clone();
        let mut secret = with_secrets(start.clone(), &secrets);
        let mut d1 = Dice::new(&seed(n));
        let mut d2 = Dice::new(&seed(n));
        for c in choices {
            let a1 = plain.legal_actions(U);
            let a2 = secret.legal_actions(U);
            prop_assert_eq!(&a1, &a2);
            if a1.is_empty() {
                break;
            }
            for a in &a1 {
                prop_assert_eq!(plain.label(U, a), secret.label(U, a));
            }
            prop_assert_eq!(plain.view(Viewer::Seat(U)), secret.view(Viewer::Seat(U)));
            let action = a1[usize::from(c) % a1.len()].clone();
            let r1 = plain.apply(U, action.clone(), &mut d1).expect("offered");
            let r2 = secret.apply(U, action.clone(), &mut d2).expect("offered");
            if r1.reveals || r2.reveals || matches!(action, Action::Attack { .. } | Action::FinishMovement) {
                break;
            }
            let s1: Vec<_> = r1.events.iter().filter_map(|e| e.sentence(Viewer::Seat(U))).collect();
            let s2: Vec<_> = r2.events.iter().filter_map(|e| e.sentence(Viewer::Seat(U))).collect();
            prop_assert_eq!(s1, s2);
        }
    }
}

#[test]
fn rule_5_the_moving_group_is_in_its_owners_view_only() {
    let mut b = Board::empty(91);
    b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.step(U, "A20.07");
    let own = b.g.view(Viewer::Seat(U));
    let moving = &own["moving"];
    assert_eq!(moving["from"], "A20.06");
    assert_eq!(moving["path"][0], "A20.07");
    assert_eq!(moving["units"][0]["id"], "2/1/5");
    assert_eq!(moving["units"][0]["mp_left"], "3");
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert!(b.g.view(viewer).get("moving").is_none(), "{viewer:?}");
    }
    // What the opponent reads of the step: the stack moving, its top counter.
    let theirs = b.read(Viewer::Seat(C));
    assert!(
        theirs
            .iter()
            .any(|t| t == "A Union stack (2/1/5) moves from A20.06 to A20.07."),
        "{theirs:?}"
    );
    assert!(!theirs.iter().any(|t| t.contains("MP")), "{theirs:?}");
}

#[test]
fn rule_5_the_prompt_tells_the_group_and_what_it_has_left() {
    let mut b = Board::empty(92);
    b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    let prompt = b.g.prompt(U).expect("the mover has actions");
    assert!(
        prompt.contains("move the group in A20.06 (6 MP left)"),
        "{prompt}"
    );
    assert!(b.g.prompt(C).is_none());
}
