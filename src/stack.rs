//! Deep recursion on a stack that grows: a composite (`g ∘ f`, `f × g`, `f △ g`) is applied, and
//! dropped, by recursion into its parts, as deep as its program nests compositions — a chain of
//! 10⁵ composed steps is 10⁵ levels, deeper than a thread's stack. Where the stack runs low
//! ([`RED_ZONE`]), the recursion continues on a new [`SEGMENT`] on the heap (`stacker`).

/// The stack a recursion must find left at a check, or it continues on a new segment: enough for
/// the [`PERIOD`] levels until the next check, unoptimised, and the work of their leaves.
pub(crate) const RED_ZONE: usize = 256 * 1024;

/// The size of a new stack segment.
pub(crate) const SEGMENT: usize = 4 * 1024 * 1024;

/// Every how many levels of nesting a composite checks the stack: checking costs a few
/// nanoseconds, as much as a level of a closure-built derivative itself, so only one level in
/// `PERIOD` pays it.
const PERIOD: u32 = 32;

/// Runs `f`, on a new stack segment if this one has less than [`RED_ZONE`] left.
pub(crate) fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}

/// The parts of a composite (a tuple, in the order they are dropped) and how deeply composites
/// nest in it: one level in [`PERIOD`] runs its parts, and drops them, through [`grow`].
pub(crate) struct Deep<P> {
    /// `None` only while it is dropped.
    parts: Option<P>,
    depth: u32,
}

impl<P> Deep<P> {
    /// The composite of `parts`, whose own composites nest as deep as the deepest of `depths`.
    pub(crate) fn new(parts: P, depths: [u32; 2]) -> Self {
        Deep {
            parts: Some(parts),
            depth: depths[0].max(depths[1]).saturating_add(1),
        }
    }

    /// How deeply composites nest in this one, itself included (a leaf is 0).
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// `f` of the parts: what recursion into them does.
    #[inline]
    pub(crate) fn run<R>(&self, f: impl FnOnce(&P) -> R) -> R {
        let parts = self
            .parts
            .as_ref()
            .expect("catad: a composite's parts are taken only when it is dropped");
        if self.checks() {
            grow(|| f(parts))
        } else {
            f(parts)
        }
    }

    fn checks(&self) -> bool {
        self.depth.is_multiple_of(PERIOD)
    }
}

/// Dropping the parts drops the composites nested in them, by recursion: at a level that
/// checks, on a new segment where the stack runs low.
impl<P> Drop for Deep<P> {
    fn drop(&mut self) {
        if self.checks()
            && let Some(parts) = self.parts.take()
        {
            grow(move || drop(parts));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    /// A composite of composites, `n` deep, as a program's chain of compositions is.
    struct Chain(Deep<(Option<Rc<Chain>>, ())>);

    impl Chain {
        fn new(n: u32) -> Rc<Chain> {
            (0..n).fold(Rc::new(Chain(Deep::new((None, ()), [0, 0]))), |inner, _| {
                let depth = inner.0.depth();
                Rc::new(Chain(Deep::new((Some(inner), ()), [depth, 0])))
            })
        }

        fn length(&self) -> u32 {
            self.0
                .run(|(inner, ())| inner.as_ref().map_or(0, |c| 1 + c.length()))
        }
    }

    #[test]
    fn a_composite_deeper_than_the_stack_runs_and_drops() {
        // 10⁵ levels, on a thread of 512 KiB: a few bytes a level would overflow it.
        let handle = std::thread::Builder::new()
            .stack_size(512 * 1024)
            .spawn(|| {
                let chain = Chain::new(100_000);
                assert_eq!(chain.0.depth(), 100_001);
                let length = chain.length();
                drop(chain);
                length
            })
            .expect("a thread");
        assert_eq!(handle.join().expect("no overflow"), 100_000);
    }
}
