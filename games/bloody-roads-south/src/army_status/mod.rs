//! Army Status and panic (reference 3A, the personality sheets, rule 3.3), a public game
//! option (`army-status`, on by default in the scenarios `charts/army_status.toml` lists).
//!
//! - `tracks`: the four tracks (Grant 4, Meade 3, Burnside 3, Lee 4; 3A.1), who holds them,
//!   what each viewer sees of them (section 5: only their owner).
//! - `tally`: what a period's score counts (3A.3), from the state as it is.
//! - `check`: the Status Check at the Game Turn End of the 3:00/6:00/9:00/12:00 turns (3A.2),
//!   the viewpoint (3A.4, option 3.3) and the change of status.
//! - `panic`: the panic roll on the printed tables (3A.5), with the roller's secret dice.
//! - `demands`: the panic demands (3A.6): the public blows that allow one, the offer at the
//!   end of the demanding player's own Rally Phase, the target's roll.
//! - `effects`: what Meade's and Burnside's panics do to orders (3A.7).
//! - `withdrawal`: Grant's and Lee's panics: their army's withdrawal (3A.7).
//! - `withdrawal_route`: the way a withdrawing army goes: along trails, roads and pikes toward
//!   its edges, by the Brock Road to F while it is open, spending its movement (3A.7).

pub mod check;
pub mod demands;
pub mod effects;
pub mod panic;
pub mod tally;
pub mod tracks;
pub mod withdrawal;
pub mod withdrawal_route;
