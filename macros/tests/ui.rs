//! What the macros cannot compile is a compile error pointing at the offending syntax, saying what
//! to write instead: `ui/*.rs` for `#[catad::program]`, `derive-ui/*.rs` for `#[derive(HasRep)]`.
//! Each file pins its messages and spans in its `.stderr`. One binary for both, as each trybuild
//! run builds its own crate.

#[test]
fn unsupported_syntax_is_a_spanned_compile_error() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
    cases.compile_fail("tests/derive-ui/*.rs");
}
