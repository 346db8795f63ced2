//! The classes on scalar programs: `Fun` on nonlinear programs, the linear-map categories on
//! linear ones, the modes of `catad_laws::modes` (over `f64`, and staged over `Sym`) and the
//! other derivative categories on both.

use super::{Params, Row, StaticRow};
use catad::interpretations::{AddFun, Begin, Cont, D, Delta, Dual, Mat};
use catad::prelude::*;
use catad_laws::program::{Linear, Looping, Nonlinear, Shallow};
use catad_laws::suite::{self, ModeSuite, in_mode, staged_in_every_mode, staged_in_mode};

// One line per instance and suite. `Cont` and `Begin` over functions re-run their continuation
// along every path of a program, so they get shallow programs; over shared DAGs (the modes'
// `Cont<Dual<Delta>, R>` and `Begin<Delta, R>`) they get whole ones.

#[test] fn fun_category() { suite::category::<Fun, Looping, f64>() }
#[test] fn fun_monoidal() { suite::monoidal::<Fun, Looping, f64>() }
#[test] fn fun_cartesian() { suite::cartesian::<Fun, Looping, f64>() }
#[test] fn fun_conditional() { suite::conditional::<Fun, Looping, f64>() }
#[test] fn fun_rep_cat() { suite::rep_cat::<Fun, Params>() }
#[test] fn fun_rep_cat_hlist() { suite::rep_cat::<Fun, Row>() }
#[test] fn fun_loops() { suite::loops::<Fun, Looping, f64>() }
#[test] fn fun_data() { suite::data::<Fun, Looping, f64>() }

#[test] fn add_fun_category() { suite::category::<AddFun, Linear, f64>() }
#[test] fn add_fun_monoidal() { suite::monoidal::<AddFun, Linear, f64>() }
#[test] fn add_fun_cartesian() { suite::cartesian::<AddFun, Linear, f64>() }
#[test] fn add_fun_cocartesian() { suite::cocartesian::<AddFun, Linear, f64>() }
#[test] fn add_fun_scalable() { suite::scalable::<AddFun, f64>() }
#[test] fn add_fun_rep_cat() { suite::rep_cat::<AddFun, Params>() }
#[test] fn add_fun_rep_cat_hlist() { suite::rep_cat::<AddFun, Row>() }
#[test] fn add_fun_linear_map() { suite::linear_map::<AddFun, Linear>() }

#[test] fn dual_category() { suite::category::<Dual<AddFun>, Linear, f64>() }
#[test] fn dual_monoidal() { suite::monoidal::<Dual<AddFun>, Linear, f64>() }
#[test] fn dual_cartesian() { suite::cartesian::<Dual<AddFun>, Linear, f64>() }
#[test] fn dual_cocartesian() { suite::cocartesian::<Dual<AddFun>, Linear, f64>() }
#[test] fn dual_scalable() { suite::scalable::<Dual<AddFun>, f64>() }
#[test] fn dual_rep_cat() { suite::rep_cat::<Dual<AddFun>, Params>() }
#[test] fn dual_rep_cat_hlist() { suite::rep_cat::<Dual<AddFun>, Row>() }
#[test] fn dual_linear_map() { suite::linear_map::<Dual<AddFun>, Linear>() }

#[test] fn dual_dual_category() { suite::category::<Dual<Dual<AddFun>>, Linear, f64>() }
#[test] fn dual_dual_monoidal() { suite::monoidal::<Dual<Dual<AddFun>>, Linear, f64>() }
#[test] fn dual_dual_cartesian() { suite::cartesian::<Dual<Dual<AddFun>>, Linear, f64>() }
#[test] fn dual_dual_cocartesian() { suite::cocartesian::<Dual<Dual<AddFun>>, Linear, f64>() }
#[test] fn dual_dual_scalable() { suite::scalable::<Dual<Dual<AddFun>>, f64>() }
#[test] fn dual_dual_rep_cat() { suite::rep_cat::<Dual<Dual<AddFun>>, Params>() }
#[test] fn dual_dual_rep_cat_hlist() { suite::rep_cat::<Dual<Dual<AddFun>>, Row>() }
#[test] fn dual_dual_linear_map() { suite::linear_map::<Dual<Dual<AddFun>>, Linear>() }

#[test] fn cont_category() { suite::category::<Cont<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_monoidal() { suite::monoidal::<Cont<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_cartesian() { suite::cartesian::<Cont<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_cocartesian() { suite::cocartesian::<Cont<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_scalable() { suite::scalable::<Cont<AddFun, f64>, f64>() }
#[test] fn cont_rep_cat() { suite::rep_cat::<Cont<AddFun, f64>, Params>() }
#[test] fn cont_rep_cat_hlist() { suite::rep_cat::<Cont<AddFun, f64>, Row>() }
#[test] fn cont_linear_map() { suite::linear_map::<Cont<AddFun, f64>, Shallow<Linear>>() }

#[test] fn cont_pair_category() { suite::category::<Cont<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn cont_pair_monoidal() { suite::monoidal::<Cont<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn cont_pair_cartesian() { suite::cartesian::<Cont<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn cont_pair_cocartesian() { suite::cocartesian::<Cont<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn cont_pair_scalable() { suite::scalable::<Cont<AddFun, (f64, f64)>, f64>() }
#[test] fn cont_pair_rep_cat() { suite::rep_cat::<Cont<AddFun, (f64, f64)>, Params>() }
#[test] fn cont_pair_rep_cat_hlist() { suite::rep_cat::<Cont<AddFun, (f64, f64)>, Row>() }
#[test] fn cont_pair_linear_map() { suite::linear_map::<Cont<AddFun, (f64, f64)>, Shallow<Linear>>() }

#[test] fn cont_dual_category() { suite::category::<Cont<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_dual_monoidal() { suite::monoidal::<Cont<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_dual_cartesian() { suite::cartesian::<Cont<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_dual_cocartesian() { suite::cocartesian::<Cont<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_dual_scalable() { suite::scalable::<Cont<Dual<AddFun>, f64>, f64>() }
#[test] fn cont_dual_rep_cat() { suite::rep_cat::<Cont<Dual<AddFun>, f64>, Params>() }
#[test] fn cont_dual_rep_cat_hlist() { suite::rep_cat::<Cont<Dual<AddFun>, f64>, Row>() }
#[test] fn cont_dual_linear_map() { suite::linear_map::<Cont<Dual<AddFun>, f64>, Shallow<Linear>>() }

#[test] fn cont_mat_category() { suite::category::<Cont<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_mat_monoidal() { suite::monoidal::<Cont<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_mat_cartesian() { suite::cartesian::<Cont<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_mat_cocartesian() { suite::cocartesian::<Cont<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn cont_mat_scalable() { suite::scalable::<Cont<Mat<f64>, f64>, f64>() }
#[test] fn cont_mat_rep_cat() { suite::rep_cat::<Cont<Mat<f64>, f64>, Params>() }
#[test] fn cont_mat_rep_cat_hlist() { suite::rep_cat::<Cont<Mat<f64>, f64>, StaticRow>() }
#[test] fn cont_mat_linear_map() { suite::linear_map::<Cont<Mat<f64>, f64>, Shallow<Linear>>() }

#[test] fn begin_category() { suite::category::<Begin<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_monoidal() { suite::monoidal::<Begin<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_cartesian() { suite::cartesian::<Begin<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_cocartesian() { suite::cocartesian::<Begin<AddFun, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_scalable() { suite::scalable::<Begin<AddFun, f64>, f64>() }
#[test] fn begin_rep_cat() { suite::rep_cat::<Begin<AddFun, f64>, Params>() }
#[test] fn begin_rep_cat_hlist() { suite::rep_cat::<Begin<AddFun, f64>, Row>() }
#[test] fn begin_linear_map() { suite::linear_map::<Begin<AddFun, f64>, Shallow<Linear>>() }

#[test] fn begin_pair_category() { suite::category::<Begin<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn begin_pair_monoidal() { suite::monoidal::<Begin<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn begin_pair_cartesian() { suite::cartesian::<Begin<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn begin_pair_cocartesian() { suite::cocartesian::<Begin<AddFun, (f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn begin_pair_scalable() { suite::scalable::<Begin<AddFun, (f64, f64)>, f64>() }
#[test] fn begin_pair_rep_cat() { suite::rep_cat::<Begin<AddFun, (f64, f64)>, Params>() }
#[test] fn begin_pair_rep_cat_hlist() { suite::rep_cat::<Begin<AddFun, (f64, f64)>, Row>() }
#[test] fn begin_pair_linear_map() { suite::linear_map::<Begin<AddFun, (f64, f64)>, Shallow<Linear>>() }

#[test] fn begin_dual_category() { suite::category::<Begin<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_dual_monoidal() { suite::monoidal::<Begin<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_dual_cartesian() { suite::cartesian::<Begin<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_dual_cocartesian() { suite::cocartesian::<Begin<Dual<AddFun>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_dual_scalable() { suite::scalable::<Begin<Dual<AddFun>, f64>, f64>() }
#[test] fn begin_dual_rep_cat() { suite::rep_cat::<Begin<Dual<AddFun>, f64>, Params>() }
#[test] fn begin_dual_rep_cat_hlist() { suite::rep_cat::<Begin<Dual<AddFun>, f64>, Row>() }
#[test] fn begin_dual_linear_map() { suite::linear_map::<Begin<Dual<AddFun>, f64>, Shallow<Linear>>() }

#[test] fn begin_mat_category() { suite::category::<Begin<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_mat_monoidal() { suite::monoidal::<Begin<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_mat_cartesian() { suite::cartesian::<Begin<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_mat_cocartesian() { suite::cocartesian::<Begin<Mat<f64>, f64>, Shallow<Linear>, f64>() }
#[test] fn begin_mat_scalable() { suite::scalable::<Begin<Mat<f64>, f64>, f64>() }
#[test] fn begin_mat_rep_cat() { suite::rep_cat::<Begin<Mat<f64>, f64>, Params>() }
#[test] fn begin_mat_rep_cat_hlist() { suite::rep_cat::<Begin<Mat<f64>, f64>, StaticRow>() }
#[test] fn begin_mat_linear_map() { suite::linear_map::<Begin<Mat<f64>, f64>, Shallow<Linear>>() }

#[test] fn dual_cont_category() { suite::category::<Dual<Cont<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_cont_monoidal() { suite::monoidal::<Dual<Cont<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_cont_cartesian() { suite::cartesian::<Dual<Cont<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_cont_cocartesian() { suite::cocartesian::<Dual<Cont<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_cont_scalable() { suite::scalable::<Dual<Cont<AddFun, f64>>, f64>() }
#[test] fn dual_cont_rep_cat() { suite::rep_cat::<Dual<Cont<AddFun, f64>>, Params>() }
#[test] fn dual_cont_rep_cat_hlist() { suite::rep_cat::<Dual<Cont<AddFun, f64>>, Row>() }
#[test] fn dual_cont_linear_map() { suite::linear_map::<Dual<Cont<AddFun, f64>>, Shallow<Linear>>() }

#[test] fn dual_begin_category() { suite::category::<Dual<Begin<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_begin_monoidal() { suite::monoidal::<Dual<Begin<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_begin_cartesian() { suite::cartesian::<Dual<Begin<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_begin_cocartesian() { suite::cocartesian::<Dual<Begin<AddFun, f64>>, Shallow<Linear>, f64>() }
#[test] fn dual_begin_scalable() { suite::scalable::<Dual<Begin<AddFun, f64>>, f64>() }
#[test] fn dual_begin_rep_cat() { suite::rep_cat::<Dual<Begin<AddFun, f64>>, Params>() }
#[test] fn dual_begin_rep_cat_hlist() { suite::rep_cat::<Dual<Begin<AddFun, f64>>, Row>() }
#[test] fn dual_begin_linear_map() { suite::linear_map::<Dual<Begin<AddFun, f64>>, Shallow<Linear>>() }

#[test] fn mat_category() { suite::category::<Mat<f64>, Linear, f64>() }
#[test] fn mat_monoidal() { suite::monoidal::<Mat<f64>, Linear, f64>() }
#[test] fn mat_cartesian() { suite::cartesian::<Mat<f64>, Linear, f64>() }
#[test] fn mat_cocartesian() { suite::cocartesian::<Mat<f64>, Linear, f64>() }
#[test] fn mat_scalable() { suite::scalable::<Mat<f64>, f64>() }
#[test] fn mat_rep_cat() { suite::rep_cat::<Mat<f64>, Params>() }
#[test] fn mat_rep_cat_hlist() { suite::rep_cat::<Mat<f64>, StaticRow>() }
#[test] fn mat_linear_map() { suite::linear_map::<Mat<f64>, Linear>() }

#[test] fn dual_mat_category() { suite::category::<Dual<Mat<f64>>, Linear, f64>() }
#[test] fn dual_mat_monoidal() { suite::monoidal::<Dual<Mat<f64>>, Linear, f64>() }
#[test] fn dual_mat_cartesian() { suite::cartesian::<Dual<Mat<f64>>, Linear, f64>() }
#[test] fn dual_mat_cocartesian() { suite::cocartesian::<Dual<Mat<f64>>, Linear, f64>() }
#[test] fn dual_mat_scalable() { suite::scalable::<Dual<Mat<f64>>, f64>() }
#[test] fn dual_mat_rep_cat() { suite::rep_cat::<Dual<Mat<f64>>, Params>() }
#[test] fn dual_mat_rep_cat_hlist() { suite::rep_cat::<Dual<Mat<f64>>, StaticRow>() }
#[test] fn dual_mat_linear_map() { suite::linear_map::<Dual<Mat<f64>>, Linear>() }

#[test] fn delta_category() { suite::category::<Delta, Linear, f64>() }
#[test] fn delta_monoidal() { suite::monoidal::<Delta, Linear, f64>() }
#[test] fn delta_cartesian() { suite::cartesian::<Delta, Linear, f64>() }
#[test] fn delta_cocartesian() { suite::cocartesian::<Delta, Linear, f64>() }
#[test] fn delta_scalable() { suite::scalable::<Delta, f64>() }
#[test] fn delta_rep_cat() { suite::rep_cat::<Delta, Params>() }
#[test] fn delta_rep_cat_hlist() { suite::rep_cat::<Delta, Row>() }
#[test] fn delta_linear_map() { suite::linear_map::<Delta, Linear>() }

#[test] fn cont_delta_category() { suite::category::<Cont<Dual<Delta>, f64>, Linear, f64>() }
#[test] fn cont_delta_monoidal() { suite::monoidal::<Cont<Dual<Delta>, f64>, Linear, f64>() }
#[test] fn cont_delta_cartesian() { suite::cartesian::<Cont<Dual<Delta>, f64>, Linear, f64>() }
#[test] fn cont_delta_cocartesian() { suite::cocartesian::<Cont<Dual<Delta>, f64>, Linear, f64>() }
#[test] fn cont_delta_linear_map() { suite::linear_map::<Cont<Dual<Delta>, f64>, Linear>() }

#[test] fn begin_delta_category() { suite::category::<Begin<Delta, f64>, Linear, f64>() }
#[test] fn begin_delta_monoidal() { suite::monoidal::<Begin<Delta, f64>, Linear, f64>() }
#[test] fn begin_delta_cartesian() { suite::cartesian::<Begin<Delta, f64>, Linear, f64>() }
#[test] fn begin_delta_cocartesian() { suite::cocartesian::<Begin<Delta, f64>, Linear, f64>() }
#[test] fn begin_delta_linear_map() { suite::linear_map::<Begin<Delta, f64>, Linear>() }

in_each_mode!(modes_category, in_mode, ModeSuite::Category);
in_each_mode!(modes_monoidal, in_mode, ModeSuite::Monoidal);
in_each_mode!(modes_cartesian, in_mode, ModeSuite::Cartesian);
in_each_mode!(modes_cocartesian, in_mode, ModeSuite::Cocartesian);
in_each_mode!(modes_scalable, in_mode, ModeSuite::Scalable);
in_each_mode!(modes_conditional, in_mode, ModeSuite::Conditional);
in_each_mode!(modes_rep_cat, in_mode, ModeSuite::RepCat);
in_each_mode!(modes_loops, in_mode, ModeSuite::Loops);
in_each_mode!(modes_data, in_mode, ModeSuite::Data);

// The same class suites over `Sym`: each side of each law staged (recorded, simplified, compiled
// to a tape, read from the tape's run).
in_each_mode!(staged_modes_category, staged_in_mode, ModeSuite::Category);
in_each_mode!(staged_modes_monoidal, staged_in_mode, ModeSuite::Monoidal);
in_each_mode!(staged_modes_cartesian, staged_in_mode, ModeSuite::Cartesian);
in_each_mode!(staged_modes_cocartesian, staged_in_mode, ModeSuite::Cocartesian);
in_each_mode!(staged_modes_scalable, staged_in_mode, ModeSuite::Scalable);
in_each_mode!(staged_modes_conditional, staged_in_mode, ModeSuite::Conditional);
in_each_mode!(staged_modes_loops, staged_in_mode, ModeSuite::Loops);
in_each_mode!(staged_modes_data, staged_in_mode, ModeSuite::Data);
#[test]
#[should_panic(expected = "RepCat does not run staged")]
fn staged_modes_name_a_suite_they_do_not_run() { staged_in_every_mode(ModeSuite::RepCat) }

#[test] fn reverse_cont_pair_category() { suite::category::<ReverseCont<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn reverse_cont_pair_category_linear() { suite::category::<ReverseCont<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn reverse_cont_pair_monoidal() { suite::monoidal::<ReverseCont<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn reverse_cont_pair_monoidal_linear() { suite::monoidal::<ReverseCont<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn reverse_cont_pair_cartesian() { suite::cartesian::<ReverseCont<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn reverse_cont_pair_cartesian_linear() { suite::cartesian::<ReverseCont<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn reverse_cont_pair_cocartesian() { suite::cocartesian::<ReverseCont<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn reverse_cont_pair_scalable() { suite::scalable::<ReverseCont<(f64, f64)>, f64>() }
#[test] fn reverse_cont_pair_conditional() { suite::conditional::<ReverseCont<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn reverse_cont_pair_rep_cat() { suite::rep_cat::<ReverseCont<(f64, f64)>, Params>() }

#[test] fn forward_begin_pair_category() { suite::category::<ForwardBegin<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn forward_begin_pair_category_linear() { suite::category::<ForwardBegin<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn forward_begin_pair_monoidal() { suite::monoidal::<ForwardBegin<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn forward_begin_pair_monoidal_linear() { suite::monoidal::<ForwardBegin<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn forward_begin_pair_cartesian() { suite::cartesian::<ForwardBegin<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn forward_begin_pair_cartesian_linear() { suite::cartesian::<ForwardBegin<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn forward_begin_pair_cocartesian() { suite::cocartesian::<ForwardBegin<(f64, f64)>, Shallow<Linear>, f64>() }
#[test] fn forward_begin_pair_scalable() { suite::scalable::<ForwardBegin<(f64, f64)>, f64>() }
#[test] fn forward_begin_pair_conditional() { suite::conditional::<ForwardBegin<(f64, f64)>, Shallow<Nonlinear>, f64>() }
#[test] fn forward_begin_pair_rep_cat() { suite::rep_cat::<ForwardBegin<(f64, f64)>, Params>() }

#[test] fn d_dual_dual_category() { suite::category::<D<Dual<Dual<AddFun>>>, Nonlinear, f64>() }
#[test] fn d_dual_dual_category_linear() { suite::category::<D<Dual<Dual<AddFun>>>, Linear, f64>() }
#[test] fn d_dual_dual_monoidal() { suite::monoidal::<D<Dual<Dual<AddFun>>>, Nonlinear, f64>() }
#[test] fn d_dual_dual_monoidal_linear() { suite::monoidal::<D<Dual<Dual<AddFun>>>, Linear, f64>() }
#[test] fn d_dual_dual_cartesian() { suite::cartesian::<D<Dual<Dual<AddFun>>>, Nonlinear, f64>() }
#[test] fn d_dual_dual_cartesian_linear() { suite::cartesian::<D<Dual<Dual<AddFun>>>, Linear, f64>() }
#[test] fn d_dual_dual_cocartesian() { suite::cocartesian::<D<Dual<Dual<AddFun>>>, Linear, f64>() }
#[test] fn d_dual_dual_scalable() { suite::scalable::<D<Dual<Dual<AddFun>>>, f64>() }
#[test] fn d_dual_dual_conditional() { suite::conditional::<D<Dual<Dual<AddFun>>>, Nonlinear, f64>() }
#[test] fn d_dual_dual_rep_cat() { suite::rep_cat::<D<Dual<Dual<AddFun>>>, Params>() }

#[test] fn d_cont_dual_category() { suite::category::<D<Cont<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_dual_category_linear() { suite::category::<D<Cont<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_dual_monoidal() { suite::monoidal::<D<Cont<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_dual_monoidal_linear() { suite::monoidal::<D<Cont<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_dual_cartesian() { suite::cartesian::<D<Cont<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_dual_cartesian_linear() { suite::cartesian::<D<Cont<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_dual_cocartesian() { suite::cocartesian::<D<Cont<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_dual_scalable() { suite::scalable::<D<Cont<Dual<AddFun>, f64>>, f64>() }
#[test] fn d_cont_dual_conditional() { suite::conditional::<D<Cont<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_dual_rep_cat() { suite::rep_cat::<D<Cont<Dual<AddFun>, f64>>, Params>() }

#[test] fn d_begin_dual_category() { suite::category::<D<Begin<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_begin_dual_category_linear() { suite::category::<D<Begin<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_begin_dual_monoidal() { suite::monoidal::<D<Begin<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_begin_dual_monoidal_linear() { suite::monoidal::<D<Begin<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_begin_dual_cartesian() { suite::cartesian::<D<Begin<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_begin_dual_cartesian_linear() { suite::cartesian::<D<Begin<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_begin_dual_cocartesian() { suite::cocartesian::<D<Begin<Dual<AddFun>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_begin_dual_scalable() { suite::scalable::<D<Begin<Dual<AddFun>, f64>>, f64>() }
#[test] fn d_begin_dual_conditional() { suite::conditional::<D<Begin<Dual<AddFun>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_begin_dual_rep_cat() { suite::rep_cat::<D<Begin<Dual<AddFun>, f64>>, Params>() }

#[test] fn d_dual_mat_category() { suite::category::<D<Dual<Mat<f64>>>, Nonlinear, f64>() }
#[test] fn d_dual_mat_category_linear() { suite::category::<D<Dual<Mat<f64>>>, Linear, f64>() }
#[test] fn d_dual_mat_monoidal() { suite::monoidal::<D<Dual<Mat<f64>>>, Nonlinear, f64>() }
#[test] fn d_dual_mat_monoidal_linear() { suite::monoidal::<D<Dual<Mat<f64>>>, Linear, f64>() }
#[test] fn d_dual_mat_cartesian() { suite::cartesian::<D<Dual<Mat<f64>>>, Nonlinear, f64>() }
#[test] fn d_dual_mat_cartesian_linear() { suite::cartesian::<D<Dual<Mat<f64>>>, Linear, f64>() }
#[test] fn d_dual_mat_cocartesian() { suite::cocartesian::<D<Dual<Mat<f64>>>, Linear, f64>() }
#[test] fn d_dual_mat_scalable() { suite::scalable::<D<Dual<Mat<f64>>>, f64>() }
#[test] fn d_dual_mat_conditional() { suite::conditional::<D<Dual<Mat<f64>>>, Nonlinear, f64>() }
#[test] fn d_dual_mat_rep_cat() { suite::rep_cat::<D<Dual<Mat<f64>>>, Params>() }

#[test] fn d_cont_mat_category() { suite::category::<D<Cont<Mat<f64>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_mat_category_linear() { suite::category::<D<Cont<Mat<f64>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_mat_monoidal() { suite::monoidal::<D<Cont<Mat<f64>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_mat_monoidal_linear() { suite::monoidal::<D<Cont<Mat<f64>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_mat_cartesian() { suite::cartesian::<D<Cont<Mat<f64>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_mat_cartesian_linear() { suite::cartesian::<D<Cont<Mat<f64>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_mat_cocartesian() { suite::cocartesian::<D<Cont<Mat<f64>, f64>>, Shallow<Linear>, f64>() }
#[test] fn d_cont_mat_scalable() { suite::scalable::<D<Cont<Mat<f64>, f64>>, f64>() }
#[test] fn d_cont_mat_conditional() { suite::conditional::<D<Cont<Mat<f64>, f64>>, Shallow<Nonlinear>, f64>() }
#[test] fn d_cont_mat_rep_cat() { suite::rep_cat::<D<Cont<Mat<f64>, f64>>, Params>() }
