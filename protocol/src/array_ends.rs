//! How a patch lines up two arrays: the elements they share at their start and at their end
//! are left alone, and only the run between is compared element by element. So an element
//! taken out of the middle of a list (a counter leaving a stack, a choice no longer offered)
//! is one `remove` of its index, not a change to every element after it; one put in is one
//! `add` at its index. Where the run lost or gained elements they are taken from its end, or
//! from its start when that pairs more of it with equal elements ([`lined_up`]). Every walk
//! that writes a patch ([`crate::patch::diff`], [`crate::text_patch`],
//! [`crate::parts_patch`]) lines arrays up this way, so their patches agree.

/// The number of elements two arrays of `old` and `new` elements share at their start, and
/// then at their end (the two runs never overlap), `same(i, j)` telling whether old element
/// `i` is new element `j`. The start is matched first, so an array that only grew or only
/// shrank at its end has no shared end run (it is appended to, or cut, as before).
pub(crate) fn shared_ends<E>(
    old: usize,
    new: usize,
    mut same: impl FnMut(usize, usize) -> Result<bool, E>,
) -> Result<(usize, usize), E> {
    let shorter = old.min(new);
    let mut head = 0;
    while head < shorter && same(head, head)? {
        head += 1;
    }
    let mut tail = 0;
    while head + tail < shorter && same(old - 1 - tail, new - 1 - tail)? {
        tail += 1;
    }
    Ok((head, tail))
}

/// How two arrays of `old` and `new` elements line up ([`shared_ends`], then the run between
/// them): `same(i, j)` tells whether old element `i` is new element `j`. Where the run
/// between lost elements (or gained some) the lost ones are taken from its end, or from its
/// start when that pairs more of the rest with equal elements: a choice taken out of the
/// front of a list whose last element changed (the undo's label) is then one `remove` and
/// one change, not a change to every element after it. A tie keeps the end.
pub(crate) fn lined_up<E>(
    old: usize,
    new: usize,
    mut same: impl FnMut(usize, usize) -> Result<bool, E>,
) -> Result<Middle, E> {
    let ends = shared_ends(old, new, &mut same)?;
    let mut middle = Middle::of(old, new, ends);
    let shift = middle.removed + middle.added;
    if shift > 0 && middle.paired > 0 {
        let (mut at_end, mut at_start) = (0, 0);
        for k in 0..middle.paired {
            let i = middle.start + k;
            at_end += usize::from(same(i, i)?);
            at_start += usize::from(same(i + middle.removed, i + middle.added)?);
        }
        if at_start > at_end {
            middle.front = true;
            middle.appended = false;
        }
    }
    Ok(middle)
}

/// What is left to compare of two arrays once their shared ends are set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Middle {
    /// The first index of the run between the shared ends.
    pub start: usize,
    /// The number of the run's elements paired, old with new ([`Middle::pairs`]).
    pub paired: usize,
    /// Old elements of the run left unpaired: removed.
    pub removed: usize,
    /// New elements of the run left unpaired: added at their index.
    pub added: usize,
    /// Whether an added element goes at the array's end (written `-`, as an append).
    pub appended: bool,
    /// Whether the unpaired elements are the run's first ([`lined_up`]), not its last.
    pub front: bool,
}

impl Middle {
    /// The run between `head` and `tail` shared elements of arrays of `old` and `new`, its
    /// unpaired elements at its end.
    pub(crate) fn of(old: usize, new: usize, (head, tail): (usize, usize)) -> Middle {
        let (old_run, new_run) = (old - head - tail, new - head - tail);
        let paired = old_run.min(new_run);
        Middle {
            start: head,
            paired,
            removed: old_run - paired,
            added: new_run - paired,
            appended: tail == 0,
            front: false,
        }
    }

    /// The paired elements: (old index, new index, the index a patch names it by). A patch
    /// writes the removals first when they are the run's first ([`Middle::removals_first`])
    /// and the additions last, so the index it names is the same for either end.
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (usize, usize, usize)> {
        let (skip_old, skip_new) = match self.front {
            true => (self.removed, self.added),
            false => (0, 0),
        };
        (self.start..self.start + self.paired).map(move |at| (at + skip_old, at + skip_new, at))
    }

    /// Whether a patch removes the unpaired old elements before it changes the paired ones
    /// (they come before them).
    pub(crate) fn removals_first(&self) -> bool {
        self.front && self.removed > 0
    }

    /// The old indices removed, from the last (so that each index is still right when its
    /// `remove` is applied).
    pub(crate) fn removed(&self) -> impl Iterator<Item = usize> {
        let from = self.unpaired_from();
        (from..from + self.removed).rev()
    }

    /// The new indices added, in order (each `add` puts its element at its final index).
    pub(crate) fn added(&self) -> std::ops::Range<usize> {
        let from = self.unpaired_from();
        from..from + self.added
    }

    /// Where the unpaired elements start.
    fn unpaired_from(&self) -> usize {
        match self.front {
            true => self.start,
            false => self.start + self.paired,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lined(old: &[u8], new: &[u8]) -> Middle {
        lined_up::<()>(old.len(), new.len(), |i, j| Ok(old[i] == new[j])).unwrap()
    }

    #[test]
    fn elements_lost_from_the_front_of_a_changed_run_are_taken_from_its_front() {
        // "ab" left the front and the last element changed: remove 1, 0; then z for e.
        let middle = lined(b"abcde", b"cdz");
        assert!(middle.front && middle.removals_first());
        assert_eq!(middle.removed().collect::<Vec<_>>(), [1, 0]);
        assert_eq!(
            middle.pairs().collect::<Vec<_>>(),
            [(2, 0, 0), (3, 1, 1), (4, 2, 2)]
        );
        // Gained at the front: the pairs first at their old places, then the adds.
        let middle = lined(b"cde", b"abcdz");
        assert!(middle.front && !middle.removals_first() && !middle.appended);
        assert_eq!(middle.added(), 0..2);
        assert_eq!(middle.pairs().next(), Some((0, 2, 0)));
        // A tie keeps the end, as before.
        let middle = lined(b"xay", b"zw");
        assert!(!middle.front);
        assert_eq!(middle.removed().collect::<Vec<_>>(), [2]);
    }

    fn ends(old: &[u8], new: &[u8]) -> (usize, usize) {
        shared_ends::<()>(old.len(), new.len(), |i, j| Ok(old[i] == new[j])).unwrap()
    }

    #[test]
    fn an_element_taken_from_the_middle_leaves_both_ends_shared() {
        assert_eq!(ends(b"abcde", b"abde"), (2, 2));
        let middle = Middle::of(5, 4, (2, 2));
        assert_eq!(middle.pairs().count(), 0);
        assert_eq!(middle.removed().collect::<Vec<_>>(), [2]);
        assert_eq!(middle.added(), 2..2);
        // Put in at the front: one add at index 0, not at the end.
        let middle = Middle::of(2, 3, ends(b"bc", b"abc"));
        assert_eq!((middle.added(), middle.appended), (0..1, false));
    }

    #[test]
    fn the_start_is_matched_first_and_the_two_runs_never_overlap() {
        // Grown or cut at the end: no shared end, appended as before.
        assert_eq!(ends(b"ab", b"abc"), (2, 0));
        assert!(Middle::of(2, 3, (2, 0)).appended);
        assert_eq!(ends(b"abc", b"ab"), (2, 0));
        // "aa" into "aaa": the start takes both, the end nothing.
        assert_eq!(ends(b"aa", b"aaa"), (2, 0));
        assert_eq!(ends(b"xay", b"zaw"), (0, 0));
        assert_eq!(ends(b"", b"ab"), (0, 0));
        let middle = Middle::of(3, 3, (0, 0));
        assert_eq!(
            middle.pairs().collect::<Vec<_>>(),
            [(0, 0, 0), (1, 1, 1), (2, 2, 2)]
        );
        assert_eq!(middle.removed().count() + middle.added().len(), 0);
    }
}
