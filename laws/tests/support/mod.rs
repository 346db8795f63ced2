//! Shared by the law suites: the quickcheck runner and the guard that discards out-of-domain cases.

use quickcheck::{QuickCheck, TestResult, Testable};

/// Random cases per property (each case is a fresh random program and point), unless the
/// environment variable `CATAD_LAW_CASES` says otherwise.
pub const CASES: u64 = 200;

fn cases() -> u64 {
    std::env::var("CATAD_LAW_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES)
}

/// Runs a property on [`CASES`] cases. Discarded cases (points outside a primitive's safe domain)
/// don't count; at least half of the cases must be real, so a property can't pass by discarding.
pub fn check<T: Testable>(property: T) {
    let cases = cases();
    QuickCheck::new()
        .tests(cases)
        .max_tests(cases * 50)
        .min_tests_passed(cases / 2)
        .quickcheck(property);
}

/// `TestResult::discard()` when the guard fails, the law's verdict otherwise.
pub fn guarded(defined: bool, law: impl FnOnce() -> bool) -> TestResult {
    if defined {
        TestResult::from_bool(law())
    } else {
        TestResult::discard()
    }
}
