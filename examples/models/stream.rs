//! A deterministic stream of numbers for the examples' data (shared by `examples/gmm.rs` and
//! `examples/training.rs`).

/// A stream of numbers in `[-1, 1)` from `seed` (a linear congruential generator).
pub fn stream(seed: u64) -> impl FnMut() -> f64 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}
