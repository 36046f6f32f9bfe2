//! How a patch lines up two arrays: the elements they share at their start and at their end
//! are left alone, and only the run between is compared element by element. So an element
//! taken out of the middle of a list (a counter leaving a stack, a choice no longer offered)
//! is one `remove` of its index, not a change to every element after it; one put in is one
//! `add` at its index. Every walk that writes a patch ([`crate::patch::diff`],
//! [`crate::text_patch`], [`crate::parts_patch`]) lines arrays up this way, so their patches
//! agree.

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

/// What is left to compare of two arrays once their shared ends are set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Middle {
    /// The first index of the run between the shared ends.
    pub start: usize,
    /// The run's elements compared by position (old and new at the same index).
    pub paired: usize,
    /// Old elements past the paired ones, before the shared end: removed.
    pub removed: usize,
    /// New elements past the paired ones, before the shared end: added at their index.
    pub added: usize,
    /// Whether an added element goes at the array's end (written `-`, as an append).
    pub appended: bool,
}

impl Middle {
    /// The run between `head` and `tail` shared elements of arrays of `old` and `new`.
    pub(crate) fn of(old: usize, new: usize, (head, tail): (usize, usize)) -> Middle {
        let (old_run, new_run) = (old - head - tail, new - head - tail);
        let paired = old_run.min(new_run);
        Middle {
            start: head,
            paired,
            removed: old_run - paired,
            added: new_run - paired,
            appended: tail == 0,
        }
    }

    /// The indices compared by position.
    pub(crate) fn paired(&self) -> std::ops::Range<usize> {
        self.start..self.start + self.paired
    }

    /// The old indices removed, from the last (so that each index is still right when its
    /// `remove` is applied).
    pub(crate) fn removed(&self) -> impl Iterator<Item = usize> {
        let from = self.start + self.paired;
        (from..from + self.removed).rev()
    }

    /// The new indices added, in order (each `add` puts its element at its final index).
    pub(crate) fn added(&self) -> std::ops::Range<usize> {
        let from = self.start + self.paired;
        from..from + self.added
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ends(old: &[u8], new: &[u8]) -> (usize, usize) {
        shared_ends::<()>(old.len(), new.len(), |i, j| Ok(old[i] == new[j])).unwrap()
    }

    #[test]
    fn an_element_taken_from_the_middle_leaves_both_ends_shared() {
        assert_eq!(ends(b"abcde", b"abde"), (2, 2));
        let middle = Middle::of(5, 4, (2, 2));
        assert_eq!(middle.paired(), 2..2);
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
        assert_eq!(middle.paired(), 0..3);
        assert_eq!(middle.removed().count() + middle.added().len(), 0);
    }
}
