//! The runner of the suites: each law on random cases, discarded outside its domain, shrunk on
//! failure, and named in the panic.

use crate::Observe;
use crate::program::{Interprets, Vocabulary};
use crate::vector::{InterpretsI, Shape, VecMap, VecPt};
use catad::prelude::*;
use quickcheck::{Arbitrary, Gen};
use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Random cases per law (each case is a fresh random program and point), unless the environment
/// variable `CATAD_LAW_CASES` says otherwise.
pub const CASES: u64 = 200;

/// The size quickcheck's generators are given (as `QuickCheck::new` gives them).
const SIZE: usize = 100;

/// The number of cases per law: `CATAD_LAW_CASES`, or [`CASES`].
///
/// ```
/// assert!(catad_laws::suite::cases() > 0);
/// ```
pub fn cases() -> u64 {
    std::env::var("CATAD_LAW_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES)
}

/// The verdict on a case: `None` where the case is outside the law's domain (a primitive left its
/// safe domain), so that it is discarded rather than judged; else whether the law holds.
///
/// ```
/// use catad_laws::suite::defined;
/// assert_eq!(defined(false, || unreachable!()), None);
/// assert_eq!(defined(true, || 1 + 1 == 2), Some(true));
/// ```
pub fn defined(defined: bool, law: impl FnOnce() -> bool) -> Option<bool> {
    defined.then(law)
}

/// A category the suites check on random programs of the vocabulary `V` over the scalar `S`
/// (`f64` unless given): it runs them ([`Interprets`]) and its morphisms are compared by
/// observing them over `S` ([`Observe`]). An
/// alias, implemented for every such category, so that a suite's bound is one word and the
/// classes it checks.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad::prelude::*;
/// use catad_laws::program::{Linear, Nonlinear, Vocabulary};
/// use catad_laws::suite::Checkable;
/// fn checked<K: Checkable<V>, V: Vocabulary>() -> &'static str {
///     "checkable"
/// }
/// checked::<Reverse, Nonlinear>();
/// checked::<Mat<f64>, Linear>();
/// ```
pub trait Checkable<V: Vocabulary, S: Scalar = f64>: Interprets<V, S> + Observe<S> {}

impl<K: Interprets<V, S> + Observe<S>, V: Vocabulary, S: Scalar> Checkable<V, S> for K {}

/// The verdict of `law` on the vector program `p` at the point `x`, as an object `xs` of the
/// shape `h` ([`Shape::shaped`]): `law(p in K, h, xs)` where `p` is defined at `xs`, `None`
/// (discarded) elsewhere.
pub(super) fn at_vector<K, V, H>(
    p: &VecMap<V>,
    x: &VecPt,
    law: impl FnOnce(Hom<K, H::Obj<f64>, H::Obj<f64>>, H, H::Obj<f64>) -> bool,
) -> Option<bool>
where
    K: InterpretsI<V, H>,
    V: Vocabulary,
    H: Shape,
{
    let (h, xs) = H::shaped(x);
    defined(p.eval(&h.plain(&xs)).is_some(), || {
        law(p.interpret::<K, H>(h), h, xs)
    })
}

/// `T`'s name without module paths: `D<Dual<AddFun>>` for
/// `catad::interpretations::d::D<catad::interpretations::dual::Dual<…>>`.
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(catad_laws::suite::short_name::<Reverse>(), "D<Dual<AddFun>>");
/// assert_eq!(catad_laws::suite::short_name::<(f64, Vec<f64>)>(), "(f64, Vec<f64>)");
/// ```
pub fn short_name<T: ?Sized>() -> String {
    let full = std::any::type_name::<T>();
    let mut out = String::with_capacity(full.len());
    for piece in full.split_inclusive(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        out.push_str(piece.rsplit("::").next().unwrap_or(piece));
    }
    out
}

/// The laws of one instance: checks each on random cases, and panics naming the law, the
/// instance and the shrunk counterexample when one fails.
///
/// A law is given as its predicate (a function item, whose path names the law in the panic) and
/// a property that runs it on a random case.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Pt;
/// use catad_laws::suite::Laws;
/// Laws::new("Fun").check(catad_laws::close::<f64>, |law, (x, y): (Pt<f64>, Pt<f64>)| {
///     Some(law(x.0 + y.0, y.0 + x.0))
/// });
/// ```
#[derive(Clone, Debug)]
pub struct Laws {
    about: String,
}

/// The outcome of one case.
enum Outcome {
    Holds,
    Discarded,
    Fails(String),
}

impl Laws {
    /// The laws of the instance `about`.
    ///
    /// ```
    /// let laws = catad_laws::suite::Laws::new("AddFun on linear programs");
    /// ```
    pub fn new(about: impl Into<String>) -> Self {
        Laws {
            about: about.into(),
        }
    }

    /// The laws of the category `K` on programs of the vocabulary `V`.
    ///
    /// ```
    /// use catad::interpretations::AddFun;
    /// use catad_laws::program::Linear;
    /// let laws = catad_laws::suite::Laws::of::<AddFun, Linear>();
    /// ```
    pub fn of<K, V>() -> Self {
        Laws::new(format!(
            "{} on {} programs",
            short_name::<K>(),
            short_name::<V>()
        ))
    }

    /// The same laws over the scalar `S`, named in the description unless it is `f64`.
    ///
    /// ```
    /// use catad::staged::Sym;
    /// use catad_laws::suite::Laws;
    /// assert_eq!(format!("{:?}", Laws::new("Fun").over::<f64>()), format!("{:?}", Laws::new("Fun")));
    /// assert!(format!("{:?}", Laws::new("Fun").over::<Sym>()).contains("over Sym"));
    /// ```
    pub fn over<S: 'static>(self) -> Self {
        if std::any::TypeId::of::<S>() == std::any::TypeId::of::<f64>() {
            self
        } else {
            Laws::new(format!("{} over {}", self.about, short_name::<S>()))
        }
    }

    /// The same laws, described further (by a shape, a mode).
    ///
    /// ```
    /// let laws = catad_laws::suite::Laws::new("Mat<f64>").at("Arr<3>");
    /// ```
    pub fn at(&self, detail: &str) -> Self {
        Laws::new(format!("{} at {detail}", self.about))
    }

    /// Checks `law` on [`cases`] random cases: `property(law, case)` is the verdict on a case
    /// ([`defined`]). Discarded cases don't count, but at least half of the cases must be judged,
    /// so that a law cannot pass by discarding.
    ///
    /// # Panics
    ///
    /// If a case fails (the law does not hold, or panics), naming the law, the instance and the
    /// case after shrinking; or if too few cases are in the law's domain.
    pub fn check<L: Copy, A: Arbitrary + Debug>(
        &self,
        law: L,
        property: impl Fn(L, A) -> Option<bool>,
    ) {
        let name = law_name::<L>();
        let run = |case: A| match catch_unwind(AssertUnwindSafe(|| property(law, case))) {
            Ok(Some(true)) => Outcome::Holds,
            Ok(None) => Outcome::Discarded,
            Ok(Some(false)) => Outcome::Fails("does not hold".to_string()),
            Err(panic) => Outcome::Fails(format!("panics: {}", panic_message(&*panic))),
        };
        let (cases, mut g) = (cases(), Gen::new(SIZE));
        let (mut judged, mut tried) = (0, 0);
        while judged < cases && tried < cases * 50 {
            tried += 1;
            let case = A::arbitrary(&mut g);
            match run(case.clone()) {
                Outcome::Holds => judged += 1,
                Outcome::Discarded => {}
                Outcome::Fails(why) => {
                    let (case, why) = shrink(case, why, run);
                    panic!("law {name} fails for {} ({why}) at {case:?}", self.about);
                }
            }
        }
        assert!(
            judged >= cases / 2,
            "law {name} for {}: only {judged} of {tried} random cases were in its domain",
            self.about
        );
    }
}

/// Shrinks a failing case as far as it keeps failing.
fn shrink<A: Arbitrary>(mut case: A, mut why: String, run: impl Fn(A) -> Outcome) -> (A, String) {
    'smaller: loop {
        for smaller in case.shrink() {
            if let Outcome::Fails(reason) = run(smaller.clone()) {
                (case, why) = (smaller, reason);
                continue 'smaller;
            }
        }
        return (case, why);
    }
}

/// A law's name from its predicate's type: `module::law` for `catad_laws::module::law<…>`.
fn law_name<L>() -> String {
    let full = std::any::type_name::<L>();
    let path = full.split('<').next().unwrap_or(full);
    path.strip_prefix("catad_laws::")
        .unwrap_or(path)
        .to_string()
}

/// The message of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic without a message".to_string())
}
