//! What `#[derive(HasRep)]` cannot derive is a compile error at the offending keyword or field,
//! naming what is supported. Each `derive-ui/*.rs` file pins the message and span in its `.stderr`.

#[test]
fn what_is_not_an_object_is_a_spanned_compile_error() {
    trybuild::TestCases::new().compile_fail("tests/derive-ui/*.rs");
}
