//! What a game keeps from one view to the next ([`ViewCache`]): the texts of the parts it
//! reuses while what they were written from is unchanged.

use std::sync::{Mutex, MutexGuard};

/// A store of kept view texts inside a game's state, and not part of it: a clone (the undo
/// stack's copies) starts empty, it is never saved (a state's field holding it is
/// `#[serde(skip)]`), and a panic while it was being written only loses what it kept. The
/// texts are only ever what the state gives again, so starting empty changes no view.
#[derive(Default)]
pub struct ViewCache<T>(Mutex<T>);

impl<T: Default> ViewCache<T> {
    /// The kept texts, for reading and writing (one view at a time).
    pub fn lock(&self) -> MutexGuard<'_, T> {
        match self.0.lock() {
            Ok(guard) => guard,
            Err(poisoned) => {
                let mut guard = poisoned.into_inner();
                *guard = T::default();
                guard
            }
        }
    }
}

impl<T: Default> Clone for ViewCache<T> {
    fn clone(&self) -> Self {
        ViewCache::default()
    }
}

impl<T> std::fmt::Debug for ViewCache<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ViewCache")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clone_starts_empty_and_a_poisoned_cache_forgets_what_it_kept() {
        let cache: ViewCache<Vec<u8>> = ViewCache::default();
        cache.lock().push(1);
        assert_eq!(*cache.clone().lock(), Vec::<u8>::new());
        assert_eq!(*cache.lock(), vec![1]);
        let poisoned = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _guard = cache.lock();
            panic!("a panic while writing");
        }));
        assert!(poisoned.is_err());
        assert_eq!(*cache.lock(), Vec::<u8>::new());
    }
}
