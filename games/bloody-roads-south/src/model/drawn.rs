//! Why fire is drawn outside the Fire Combat Phase (series 14.1a, 15.0b-c, 24.3): a plain
//! type here so that the rules that draw fire (movement, retreats) and the fire rules that
//! answer it need not import each other.

/// Why fire is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    /// S15.0b: a voluntary formation change in an enemy zone of control; the target counts
    /// as in the worse of its two formations.
    FormationChange,
    /// S15.0c: unlimbering within 2 hexes of the enemy; the battery counts as limbered.
    Unlimbering,
    /// S14.1a, 24.3: a retreat into an enemy zone of control.
    Retreat,
}
