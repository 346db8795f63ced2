//! The term laws: programs as terms agree with every interpretation of the programs.

#[test]
fn terms_agree_with_fun_and_every_mode() {
    catad_laws::suite::terms();
}
