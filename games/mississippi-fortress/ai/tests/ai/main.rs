//! The opponent's tests in one binary: its fairness and a short tournament.

mod fairness;
mod tournament_smoke;
