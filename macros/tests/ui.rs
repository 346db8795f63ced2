//! What `#[catad::program]` cannot convert is a compile error pointing at that syntax and naming
//! what is supported. Each `ui/*.rs` file pins the messages and spans in its `.stderr`.

#[test]
fn unsupported_syntax_is_a_spanned_compile_error() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
