//! The indexed classes on vectors of every shape: `VecLen` and `DVecLen` (run-time lengths 1 to
//! 5), `Arr<3>` and `SVec<2>` (static). `Mat` builds maps from types, so it runs at the static
//! shapes; `Cont` and `Begin` over functions (the paper's) re-run their continuation along every
//! path of a program, so they run at one shape, on programs of depth 3 (as the shallow modes'
//! indexed suites do, `catad_laws::suite::ModeSuite`: at depth 4 one case of `linear_map_i` costs
//! up to 4⁸ continuation calls per position); over shared DAGs they run whole programs.

use catad::interpretations::{AddFun, Begin, Cont, D, Delta, Dual, Mat};
use catad::prelude::*;
use catad::space::{Arr, DVecLen, SVec, VecLen};
use catad_laws::program::{Linear, Nonlinear, Shallow};
use catad_laws::suite::{self, ModeSuite, ShapeSuite, in_mode, staged_in_mode};

// One line per instance, shape and suite.

#[test] fn fun_vec_monoidal_i() { suite::monoidal_i::<Fun, Nonlinear, VecLen, f64>() }
#[test] fn fun_vec_cartesian_i() { suite::cartesian_i::<Fun, Nonlinear, VecLen, f64>() }
#[test] fn fun_vec_sum_i() { suite::sum_i::<Fun, Nonlinear, VecLen, f64>() }
#[test] fn fun_vec_zip_i() { suite::zip_i::<Fun, VecLen, f64>() }
#[test] fn fun_dvec_monoidal_i() { suite::monoidal_i::<Fun, Nonlinear, DVecLen, f64>() }
#[test] fn fun_dvec_cartesian_i() { suite::cartesian_i::<Fun, Nonlinear, DVecLen, f64>() }
#[test] fn fun_dvec_sum_i() { suite::sum_i::<Fun, Nonlinear, DVecLen, f64>() }
#[test] fn fun_dvec_zip_i() { suite::zip_i::<Fun, DVecLen, f64>() }
#[test] fn fun_arr_monoidal_i() { suite::monoidal_i::<Fun, Nonlinear, Arr<3>, f64>() }
#[test] fn fun_arr_cartesian_i() { suite::cartesian_i::<Fun, Nonlinear, Arr<3>, f64>() }
#[test] fn fun_arr_sum_i() { suite::sum_i::<Fun, Nonlinear, Arr<3>, f64>() }
#[test] fn fun_arr_zip_i() { suite::zip_i::<Fun, Arr<3>, f64>() }
#[test] fn fun_svec_monoidal_i() { suite::monoidal_i::<Fun, Nonlinear, SVec<2>, f64>() }
#[test] fn fun_svec_cartesian_i() { suite::cartesian_i::<Fun, Nonlinear, SVec<2>, f64>() }
#[test] fn fun_svec_sum_i() { suite::sum_i::<Fun, Nonlinear, SVec<2>, f64>() }
#[test] fn fun_svec_zip_i() { suite::zip_i::<Fun, SVec<2>, f64>() }

#[test] fn add_fun_vec_monoidal_i() { suite::monoidal_i::<AddFun, Linear, VecLen, f64>() }
#[test] fn add_fun_vec_cartesian_i() { suite::cartesian_i::<AddFun, Linear, VecLen, f64>() }
#[test] fn add_fun_vec_cocartesian_i() { suite::cocartesian_i::<AddFun, Linear, VecLen, f64>() }
#[test] fn add_fun_vec_linear_map_i() { suite::linear_map_i::<AddFun, Linear, VecLen>() }
#[test] fn add_fun_vec_vector_representations() { suite::vector_representations::<AddFun, Linear, VecLen>() }
#[test] fn add_fun_vec_zip_i() { suite::zip_i::<AddFun, VecLen, f64>() }
#[test] fn add_fun_dvec_monoidal_i() { suite::monoidal_i::<AddFun, Linear, DVecLen, f64>() }
#[test] fn add_fun_dvec_cartesian_i() { suite::cartesian_i::<AddFun, Linear, DVecLen, f64>() }
#[test] fn add_fun_dvec_cocartesian_i() { suite::cocartesian_i::<AddFun, Linear, DVecLen, f64>() }
#[test] fn add_fun_dvec_linear_map_i() { suite::linear_map_i::<AddFun, Linear, DVecLen>() }
#[test] fn add_fun_dvec_vector_representations() { suite::vector_representations::<AddFun, Linear, DVecLen>() }
#[test] fn add_fun_dvec_zip_i() { suite::zip_i::<AddFun, DVecLen, f64>() }
#[test] fn add_fun_arr_monoidal_i() { suite::monoidal_i::<AddFun, Linear, Arr<3>, f64>() }
#[test] fn add_fun_arr_cartesian_i() { suite::cartesian_i::<AddFun, Linear, Arr<3>, f64>() }
#[test] fn add_fun_arr_cocartesian_i() { suite::cocartesian_i::<AddFun, Linear, Arr<3>, f64>() }
#[test] fn add_fun_arr_linear_map_i() { suite::linear_map_i::<AddFun, Linear, Arr<3>>() }
#[test] fn add_fun_arr_vector_representations() { suite::vector_representations::<AddFun, Linear, Arr<3>>() }
#[test] fn add_fun_arr_zip_i() { suite::zip_i::<AddFun, Arr<3>, f64>() }
#[test] fn add_fun_svec_monoidal_i() { suite::monoidal_i::<AddFun, Linear, SVec<2>, f64>() }
#[test] fn add_fun_svec_cartesian_i() { suite::cartesian_i::<AddFun, Linear, SVec<2>, f64>() }
#[test] fn add_fun_svec_cocartesian_i() { suite::cocartesian_i::<AddFun, Linear, SVec<2>, f64>() }
#[test] fn add_fun_svec_linear_map_i() { suite::linear_map_i::<AddFun, Linear, SVec<2>>() }
#[test] fn add_fun_svec_vector_representations() { suite::vector_representations::<AddFun, Linear, SVec<2>>() }
#[test] fn add_fun_svec_zip_i() { suite::zip_i::<AddFun, SVec<2>, f64>() }

#[test] fn dual_vec_monoidal_i() { suite::monoidal_i::<Dual<AddFun>, Linear, VecLen, f64>() }
#[test] fn dual_vec_cartesian_i() { suite::cartesian_i::<Dual<AddFun>, Linear, VecLen, f64>() }
#[test] fn dual_vec_cocartesian_i() { suite::cocartesian_i::<Dual<AddFun>, Linear, VecLen, f64>() }
#[test] fn dual_vec_linear_map_i() { suite::linear_map_i::<Dual<AddFun>, Linear, VecLen>() }
#[test] fn dual_vec_vector_representations() { suite::vector_representations::<Dual<AddFun>, Linear, VecLen>() }
#[test] fn dual_vec_zip_i() { suite::zip_i::<Dual<AddFun>, VecLen, f64>() }
#[test] fn dual_dvec_monoidal_i() { suite::monoidal_i::<Dual<AddFun>, Linear, DVecLen, f64>() }
#[test] fn dual_dvec_cartesian_i() { suite::cartesian_i::<Dual<AddFun>, Linear, DVecLen, f64>() }
#[test] fn dual_dvec_cocartesian_i() { suite::cocartesian_i::<Dual<AddFun>, Linear, DVecLen, f64>() }
#[test] fn dual_dvec_linear_map_i() { suite::linear_map_i::<Dual<AddFun>, Linear, DVecLen>() }
#[test] fn dual_dvec_vector_representations() { suite::vector_representations::<Dual<AddFun>, Linear, DVecLen>() }
#[test] fn dual_dvec_zip_i() { suite::zip_i::<Dual<AddFun>, DVecLen, f64>() }
#[test] fn dual_arr_monoidal_i() { suite::monoidal_i::<Dual<AddFun>, Linear, Arr<3>, f64>() }
#[test] fn dual_arr_cartesian_i() { suite::cartesian_i::<Dual<AddFun>, Linear, Arr<3>, f64>() }
#[test] fn dual_arr_cocartesian_i() { suite::cocartesian_i::<Dual<AddFun>, Linear, Arr<3>, f64>() }
#[test] fn dual_arr_linear_map_i() { suite::linear_map_i::<Dual<AddFun>, Linear, Arr<3>>() }
#[test] fn dual_arr_vector_representations() { suite::vector_representations::<Dual<AddFun>, Linear, Arr<3>>() }
#[test] fn dual_arr_zip_i() { suite::zip_i::<Dual<AddFun>, Arr<3>, f64>() }
#[test] fn dual_svec_monoidal_i() { suite::monoidal_i::<Dual<AddFun>, Linear, SVec<2>, f64>() }
#[test] fn dual_svec_cartesian_i() { suite::cartesian_i::<Dual<AddFun>, Linear, SVec<2>, f64>() }
#[test] fn dual_svec_cocartesian_i() { suite::cocartesian_i::<Dual<AddFun>, Linear, SVec<2>, f64>() }
#[test] fn dual_svec_linear_map_i() { suite::linear_map_i::<Dual<AddFun>, Linear, SVec<2>>() }
#[test] fn dual_svec_vector_representations() { suite::vector_representations::<Dual<AddFun>, Linear, SVec<2>>() }
#[test] fn dual_svec_zip_i() { suite::zip_i::<Dual<AddFun>, SVec<2>, f64>() }

#[test] fn dual_dual_vec_monoidal_i() { suite::monoidal_i::<Dual<Dual<AddFun>>, Linear, VecLen, f64>() }
#[test] fn dual_dual_vec_cartesian_i() { suite::cartesian_i::<Dual<Dual<AddFun>>, Linear, VecLen, f64>() }
#[test] fn dual_dual_vec_cocartesian_i() { suite::cocartesian_i::<Dual<Dual<AddFun>>, Linear, VecLen, f64>() }
#[test] fn dual_dual_vec_linear_map_i() { suite::linear_map_i::<Dual<Dual<AddFun>>, Linear, VecLen>() }
#[test] fn dual_dual_vec_vector_representations() { suite::vector_representations::<Dual<Dual<AddFun>>, Linear, VecLen>() }
#[test] fn dual_dual_vec_zip_i() { suite::zip_i::<Dual<Dual<AddFun>>, VecLen, f64>() }
#[test] fn dual_dual_dvec_monoidal_i() { suite::monoidal_i::<Dual<Dual<AddFun>>, Linear, DVecLen, f64>() }
#[test] fn dual_dual_dvec_cartesian_i() { suite::cartesian_i::<Dual<Dual<AddFun>>, Linear, DVecLen, f64>() }
#[test] fn dual_dual_dvec_cocartesian_i() { suite::cocartesian_i::<Dual<Dual<AddFun>>, Linear, DVecLen, f64>() }
#[test] fn dual_dual_dvec_linear_map_i() { suite::linear_map_i::<Dual<Dual<AddFun>>, Linear, DVecLen>() }
#[test] fn dual_dual_dvec_vector_representations() { suite::vector_representations::<Dual<Dual<AddFun>>, Linear, DVecLen>() }
#[test] fn dual_dual_dvec_zip_i() { suite::zip_i::<Dual<Dual<AddFun>>, DVecLen, f64>() }
#[test] fn dual_dual_arr_monoidal_i() { suite::monoidal_i::<Dual<Dual<AddFun>>, Linear, Arr<3>, f64>() }
#[test] fn dual_dual_arr_cartesian_i() { suite::cartesian_i::<Dual<Dual<AddFun>>, Linear, Arr<3>, f64>() }
#[test] fn dual_dual_arr_cocartesian_i() { suite::cocartesian_i::<Dual<Dual<AddFun>>, Linear, Arr<3>, f64>() }
#[test] fn dual_dual_arr_linear_map_i() { suite::linear_map_i::<Dual<Dual<AddFun>>, Linear, Arr<3>>() }
#[test] fn dual_dual_arr_vector_representations() { suite::vector_representations::<Dual<Dual<AddFun>>, Linear, Arr<3>>() }
#[test] fn dual_dual_arr_zip_i() { suite::zip_i::<Dual<Dual<AddFun>>, Arr<3>, f64>() }
#[test] fn dual_dual_svec_monoidal_i() { suite::monoidal_i::<Dual<Dual<AddFun>>, Linear, SVec<2>, f64>() }
#[test] fn dual_dual_svec_cartesian_i() { suite::cartesian_i::<Dual<Dual<AddFun>>, Linear, SVec<2>, f64>() }
#[test] fn dual_dual_svec_cocartesian_i() { suite::cocartesian_i::<Dual<Dual<AddFun>>, Linear, SVec<2>, f64>() }
#[test] fn dual_dual_svec_linear_map_i() { suite::linear_map_i::<Dual<Dual<AddFun>>, Linear, SVec<2>>() }
#[test] fn dual_dual_svec_vector_representations() { suite::vector_representations::<Dual<Dual<AddFun>>, Linear, SVec<2>>() }
#[test] fn dual_dual_svec_zip_i() { suite::zip_i::<Dual<Dual<AddFun>>, SVec<2>, f64>() }

#[test] fn cont_vec_monoidal_i() { suite::monoidal_i::<Cont<AddFun, f64>, Shallow<Linear, 3>, VecLen, f64>() }
#[test] fn cont_vec_cartesian_i() { suite::cartesian_i::<Cont<AddFun, f64>, Shallow<Linear, 3>, VecLen, f64>() }
#[test] fn cont_vec_cocartesian_i() { suite::cocartesian_i::<Cont<AddFun, f64>, Shallow<Linear, 3>, VecLen, f64>() }
#[test] fn cont_vec_linear_map_i() { suite::linear_map_i::<Cont<AddFun, f64>, Shallow<Linear, 3>, VecLen>() }
#[test] fn cont_vec_vector_representations() { suite::vector_representations::<Cont<AddFun, f64>, Shallow<Linear, 3>, VecLen>() }
#[test] fn cont_vec_zip_i() { suite::zip_i::<Cont<AddFun, f64>, VecLen, f64>() }

#[test] fn cont_delta_vec_linear_map_i() { suite::linear_map_i::<Cont<Dual<Delta>, f64>, Linear, VecLen>() }
#[test] fn begin_delta_vec_linear_map_i() { suite::linear_map_i::<Begin<Delta, f64>, Linear, VecLen>() }

#[test] fn cont_mat_arr_monoidal_i() { suite::monoidal_i::<Cont<Mat<f64>, f64>, Shallow<Linear>, Arr<3>, f64>() }
#[test] fn cont_mat_arr_cartesian_i() { suite::cartesian_i::<Cont<Mat<f64>, f64>, Shallow<Linear>, Arr<3>, f64>() }
#[test] fn cont_mat_arr_cocartesian_i() { suite::cocartesian_i::<Cont<Mat<f64>, f64>, Shallow<Linear>, Arr<3>, f64>() }
#[test] fn cont_mat_arr_linear_map_i() { suite::linear_map_i::<Cont<Mat<f64>, f64>, Shallow<Linear>, Arr<3>>() }
#[test] fn cont_mat_arr_vector_representations() { suite::vector_representations::<Cont<Mat<f64>, f64>, Shallow<Linear>, Arr<3>>() }
#[test] fn cont_mat_arr_zip_i() { suite::zip_i::<Cont<Mat<f64>, f64>, Arr<3>, f64>() }

#[test] fn begin_vec_monoidal_i() { suite::monoidal_i::<Begin<AddFun, f64>, Shallow<Linear, 3>, VecLen, f64>() }
#[test] fn begin_vec_cartesian_i() { suite::cartesian_i::<Begin<AddFun, f64>, Shallow<Linear, 3>, VecLen, f64>() }
#[test] fn begin_vec_cocartesian_i() { suite::cocartesian_i::<Begin<AddFun, f64>, Shallow<Linear, 3>, VecLen, f64>() }
#[test] fn begin_vec_linear_map_i() { suite::linear_map_i::<Begin<AddFun, f64>, Shallow<Linear, 3>, VecLen>() }
#[test] fn begin_vec_vector_representations() { suite::vector_representations::<Begin<AddFun, f64>, Shallow<Linear, 3>, VecLen>() }
#[test] fn begin_vec_zip_i() { suite::zip_i::<Begin<AddFun, f64>, VecLen, f64>() }

#[test] fn begin_mat_arr_monoidal_i() { suite::monoidal_i::<Begin<Mat<f64>, f64>, Shallow<Linear>, Arr<3>, f64>() }
#[test] fn begin_mat_arr_cartesian_i() { suite::cartesian_i::<Begin<Mat<f64>, f64>, Shallow<Linear>, Arr<3>, f64>() }
#[test] fn begin_mat_arr_cocartesian_i() { suite::cocartesian_i::<Begin<Mat<f64>, f64>, Shallow<Linear>, Arr<3>, f64>() }
#[test] fn begin_mat_arr_linear_map_i() { suite::linear_map_i::<Begin<Mat<f64>, f64>, Shallow<Linear>, Arr<3>>() }
#[test] fn begin_mat_arr_vector_representations() { suite::vector_representations::<Begin<Mat<f64>, f64>, Shallow<Linear>, Arr<3>>() }
#[test] fn begin_mat_arr_zip_i() { suite::zip_i::<Begin<Mat<f64>, f64>, Arr<3>, f64>() }

#[test] fn mat_arr_monoidal_i() { suite::monoidal_i::<Mat<f64>, Linear, Arr<3>, f64>() }
#[test] fn mat_arr_cartesian_i() { suite::cartesian_i::<Mat<f64>, Linear, Arr<3>, f64>() }
#[test] fn mat_arr_cocartesian_i() { suite::cocartesian_i::<Mat<f64>, Linear, Arr<3>, f64>() }
#[test] fn mat_arr_linear_map_i() { suite::linear_map_i::<Mat<f64>, Linear, Arr<3>>() }
#[test] fn mat_arr_vector_representations() { suite::vector_representations::<Mat<f64>, Linear, Arr<3>>() }
#[test] fn mat_arr_zip_i() { suite::zip_i::<Mat<f64>, Arr<3>, f64>() }
#[test] fn mat_svec_monoidal_i() { suite::monoidal_i::<Mat<f64>, Linear, SVec<2>, f64>() }
#[test] fn mat_svec_cartesian_i() { suite::cartesian_i::<Mat<f64>, Linear, SVec<2>, f64>() }
#[test] fn mat_svec_cocartesian_i() { suite::cocartesian_i::<Mat<f64>, Linear, SVec<2>, f64>() }
#[test] fn mat_svec_linear_map_i() { suite::linear_map_i::<Mat<f64>, Linear, SVec<2>>() }
#[test] fn mat_svec_vector_representations() { suite::vector_representations::<Mat<f64>, Linear, SVec<2>>() }
#[test] fn mat_svec_zip_i() { suite::zip_i::<Mat<f64>, SVec<2>, f64>() }

#[test] fn dual_mat_arr_monoidal_i() { suite::monoidal_i::<Dual<Mat<f64>>, Linear, Arr<3>, f64>() }
#[test] fn dual_mat_arr_cartesian_i() { suite::cartesian_i::<Dual<Mat<f64>>, Linear, Arr<3>, f64>() }
#[test] fn dual_mat_arr_cocartesian_i() { suite::cocartesian_i::<Dual<Mat<f64>>, Linear, Arr<3>, f64>() }
#[test] fn dual_mat_arr_linear_map_i() { suite::linear_map_i::<Dual<Mat<f64>>, Linear, Arr<3>>() }
#[test] fn dual_mat_arr_vector_representations() { suite::vector_representations::<Dual<Mat<f64>>, Linear, Arr<3>>() }
#[test] fn dual_mat_arr_zip_i() { suite::zip_i::<Dual<Mat<f64>>, Arr<3>, f64>() }
#[test] fn dual_mat_svec_monoidal_i() { suite::monoidal_i::<Dual<Mat<f64>>, Linear, SVec<2>, f64>() }
#[test] fn dual_mat_svec_cartesian_i() { suite::cartesian_i::<Dual<Mat<f64>>, Linear, SVec<2>, f64>() }
#[test] fn dual_mat_svec_cocartesian_i() { suite::cocartesian_i::<Dual<Mat<f64>>, Linear, SVec<2>, f64>() }
#[test] fn dual_mat_svec_linear_map_i() { suite::linear_map_i::<Dual<Mat<f64>>, Linear, SVec<2>>() }
#[test] fn dual_mat_svec_vector_representations() { suite::vector_representations::<Dual<Mat<f64>>, Linear, SVec<2>>() }
#[test] fn dual_mat_svec_zip_i() { suite::zip_i::<Dual<Mat<f64>>, SVec<2>, f64>() }

#[test] fn delta_vec_monoidal_i() { suite::monoidal_i::<Delta, Linear, VecLen, f64>() }
#[test] fn delta_vec_cartesian_i() { suite::cartesian_i::<Delta, Linear, VecLen, f64>() }
#[test] fn delta_vec_cocartesian_i() { suite::cocartesian_i::<Delta, Linear, VecLen, f64>() }
#[test] fn delta_vec_linear_map_i() { suite::linear_map_i::<Delta, Linear, VecLen>() }
#[test] fn delta_vec_vector_representations() { suite::vector_representations::<Delta, Linear, VecLen>() }
#[test] fn delta_vec_zip_i() { suite::zip_i::<Delta, VecLen, f64>() }
#[test] fn delta_dvec_monoidal_i() { suite::monoidal_i::<Delta, Linear, DVecLen, f64>() }
#[test] fn delta_dvec_cartesian_i() { suite::cartesian_i::<Delta, Linear, DVecLen, f64>() }
#[test] fn delta_dvec_cocartesian_i() { suite::cocartesian_i::<Delta, Linear, DVecLen, f64>() }
#[test] fn delta_dvec_linear_map_i() { suite::linear_map_i::<Delta, Linear, DVecLen>() }
#[test] fn delta_dvec_vector_representations() { suite::vector_representations::<Delta, Linear, DVecLen>() }
#[test] fn delta_dvec_zip_i() { suite::zip_i::<Delta, DVecLen, f64>() }
#[test] fn delta_arr_monoidal_i() { suite::monoidal_i::<Delta, Linear, Arr<3>, f64>() }
#[test] fn delta_arr_cartesian_i() { suite::cartesian_i::<Delta, Linear, Arr<3>, f64>() }
#[test] fn delta_arr_cocartesian_i() { suite::cocartesian_i::<Delta, Linear, Arr<3>, f64>() }
#[test] fn delta_arr_linear_map_i() { suite::linear_map_i::<Delta, Linear, Arr<3>>() }
#[test] fn delta_arr_vector_representations() { suite::vector_representations::<Delta, Linear, Arr<3>>() }
#[test] fn delta_arr_zip_i() { suite::zip_i::<Delta, Arr<3>, f64>() }
#[test] fn delta_svec_monoidal_i() { suite::monoidal_i::<Delta, Linear, SVec<2>, f64>() }
#[test] fn delta_svec_cartesian_i() { suite::cartesian_i::<Delta, Linear, SVec<2>, f64>() }
#[test] fn delta_svec_cocartesian_i() { suite::cocartesian_i::<Delta, Linear, SVec<2>, f64>() }
#[test] fn delta_svec_linear_map_i() { suite::linear_map_i::<Delta, Linear, SVec<2>>() }
#[test] fn delta_svec_vector_representations() { suite::vector_representations::<Delta, Linear, SVec<2>>() }
#[test] fn delta_svec_zip_i() { suite::zip_i::<Delta, SVec<2>, f64>() }

in_each_mode!(modes_monoidal_i, in_mode, ModeSuite::AtEveryShape(ShapeSuite::MonoidalI));
in_each_mode!(modes_cartesian_i, in_mode, ModeSuite::AtEveryShape(ShapeSuite::CartesianI));
in_each_mode!(modes_cocartesian_i, in_mode, ModeSuite::AtEveryShape(ShapeSuite::CocartesianI));
in_each_mode!(modes_zip_i, in_mode, ModeSuite::AtEveryShape(ShapeSuite::ZipI));
in_each_mode!(modes_sum_i, in_mode, ModeSuite::AtEveryShape(ShapeSuite::SumI));
in_each_mode!(modes_vector_derivatives, in_mode, ModeSuite::AtEveryShape(ShapeSuite::VectorDerivatives));

// The same over `Sym`, staged.
in_each_mode!(staged_modes_monoidal_i, staged_in_mode, ModeSuite::AtEveryShape(ShapeSuite::MonoidalI));
in_each_mode!(staged_modes_cartesian_i, staged_in_mode, ModeSuite::AtEveryShape(ShapeSuite::CartesianI));
in_each_mode!(staged_modes_cocartesian_i, staged_in_mode, ModeSuite::AtEveryShape(ShapeSuite::CocartesianI));
in_each_mode!(staged_modes_zip_i, staged_in_mode, ModeSuite::AtEveryShape(ShapeSuite::ZipI));
in_each_mode!(staged_modes_sum_i, staged_in_mode, ModeSuite::AtEveryShape(ShapeSuite::SumI));
in_each_mode!(staged_modes_vector_derivatives, staged_in_mode, ModeSuite::AtEveryShape(ShapeSuite::VectorDerivatives));

// The indexed folds: `fold_i` in every category, unfolds and transposition in the linear-map
// categories; at a run-time shape (vectors of 0 to 3 elements) and, where maps are built from
// types, at a static one. `Cont` and `Begin` over functions, whose cost is exponential in the
// steps, fold at most 2 elements with steps of depth 1 (see `Shallow`).

#[test] fn fun_vec_fold_i() { suite::fold_i::<Fun, Nonlinear, VecLen, f64>() }
#[test] fn fun_arr_fold_i() { suite::fold_i::<Fun, Nonlinear, Arr<3>, f64>() }
#[test] fn add_fun_vec_folds() { suite::linear_folds::<AddFun, Linear, VecLen>() }
#[test] fn add_fun_arr_folds() { suite::linear_folds::<AddFun, Linear, Arr<3>>() }
#[test] fn dual_vec_folds() { suite::linear_folds::<Dual<AddFun>, Linear, VecLen>() }
#[test] fn dual_dual_vec_folds() { suite::linear_folds::<Dual<Dual<AddFun>>, Linear, VecLen>() }
#[test] fn cont_vec_folds() { suite::linear_folds::<Cont<AddFun, f64>, Shallow<Linear, 1>, VecLen>() }
#[test] fn cont_mat_arr_folds() { suite::linear_folds::<Cont<Mat<f64>, f64>, Shallow<Linear>, Arr<3>>() }
#[test] fn begin_vec_folds() { suite::linear_folds::<Begin<AddFun, f64>, Shallow<Linear, 1>, VecLen>() }
#[test] fn begin_mat_arr_folds() { suite::linear_folds::<Begin<Mat<f64>, f64>, Shallow<Linear>, Arr<3>>() }
#[test] fn mat_arr_folds() { suite::linear_folds::<Mat<f64>, Linear, Arr<3>>() }
#[test] fn dual_mat_arr_folds() { suite::linear_folds::<Dual<Mat<f64>>, Linear, Arr<3>>() }
#[test] fn delta_vec_folds() { suite::linear_folds::<Delta, Linear, VecLen>() }
in_each_mode!(modes_fold_i, in_mode, ModeSuite::FoldI);
in_each_mode!(staged_modes_fold_i, staged_in_mode, ModeSuite::FoldI);

#[test] fn d_dual_dual_vec_monoidal_i() { suite::monoidal_i::<D<Dual<Dual<AddFun>>>, Nonlinear, VecLen, f64>() }
#[test] fn d_dual_dual_vec_cartesian_i() { suite::cartesian_i::<D<Dual<Dual<AddFun>>>, Nonlinear, VecLen, f64>() }
#[test] fn d_dual_dual_vec_sum_i() { suite::sum_i::<D<Dual<Dual<AddFun>>>, Nonlinear, VecLen, f64>() }
#[test] fn d_dual_dual_vec_vector_derivatives() { suite::vector_derivatives::<D<Dual<Dual<AddFun>>>, Nonlinear, VecLen>() }
#[test] fn d_dual_dual_vec_cocartesian_i() { suite::cocartesian_i::<D<Dual<Dual<AddFun>>>, Linear, VecLen, f64>() }
#[test] fn d_dual_dual_vec_zip_i() { suite::zip_i::<D<Dual<Dual<AddFun>>>, VecLen, f64>() }
#[test] fn d_dual_dual_dvec_monoidal_i() { suite::monoidal_i::<D<Dual<Dual<AddFun>>>, Nonlinear, DVecLen, f64>() }
#[test] fn d_dual_dual_dvec_cartesian_i() { suite::cartesian_i::<D<Dual<Dual<AddFun>>>, Nonlinear, DVecLen, f64>() }
#[test] fn d_dual_dual_dvec_sum_i() { suite::sum_i::<D<Dual<Dual<AddFun>>>, Nonlinear, DVecLen, f64>() }
#[test] fn d_dual_dual_dvec_vector_derivatives() { suite::vector_derivatives::<D<Dual<Dual<AddFun>>>, Nonlinear, DVecLen>() }
#[test] fn d_dual_dual_dvec_cocartesian_i() { suite::cocartesian_i::<D<Dual<Dual<AddFun>>>, Linear, DVecLen, f64>() }
#[test] fn d_dual_dual_dvec_zip_i() { suite::zip_i::<D<Dual<Dual<AddFun>>>, DVecLen, f64>() }
#[test] fn d_dual_dual_arr_monoidal_i() { suite::monoidal_i::<D<Dual<Dual<AddFun>>>, Nonlinear, Arr<3>, f64>() }
#[test] fn d_dual_dual_arr_cartesian_i() { suite::cartesian_i::<D<Dual<Dual<AddFun>>>, Nonlinear, Arr<3>, f64>() }
#[test] fn d_dual_dual_arr_sum_i() { suite::sum_i::<D<Dual<Dual<AddFun>>>, Nonlinear, Arr<3>, f64>() }
#[test] fn d_dual_dual_arr_vector_derivatives() { suite::vector_derivatives::<D<Dual<Dual<AddFun>>>, Nonlinear, Arr<3>>() }
#[test] fn d_dual_dual_arr_cocartesian_i() { suite::cocartesian_i::<D<Dual<Dual<AddFun>>>, Linear, Arr<3>, f64>() }
#[test] fn d_dual_dual_arr_zip_i() { suite::zip_i::<D<Dual<Dual<AddFun>>>, Arr<3>, f64>() }
#[test] fn d_dual_dual_svec_monoidal_i() { suite::monoidal_i::<D<Dual<Dual<AddFun>>>, Nonlinear, SVec<2>, f64>() }
#[test] fn d_dual_dual_svec_cartesian_i() { suite::cartesian_i::<D<Dual<Dual<AddFun>>>, Nonlinear, SVec<2>, f64>() }
#[test] fn d_dual_dual_svec_sum_i() { suite::sum_i::<D<Dual<Dual<AddFun>>>, Nonlinear, SVec<2>, f64>() }
#[test] fn d_dual_dual_svec_vector_derivatives() { suite::vector_derivatives::<D<Dual<Dual<AddFun>>>, Nonlinear, SVec<2>>() }
#[test] fn d_dual_dual_svec_cocartesian_i() { suite::cocartesian_i::<D<Dual<Dual<AddFun>>>, Linear, SVec<2>, f64>() }
#[test] fn d_dual_dual_svec_zip_i() { suite::zip_i::<D<Dual<Dual<AddFun>>>, SVec<2>, f64>() }

#[test] fn d_dual_mat_arr_monoidal_i() { suite::monoidal_i::<D<Dual<Mat<f64>>>, Nonlinear, Arr<3>, f64>() }
#[test] fn d_dual_mat_arr_cartesian_i() { suite::cartesian_i::<D<Dual<Mat<f64>>>, Nonlinear, Arr<3>, f64>() }
#[test] fn d_dual_mat_arr_sum_i() { suite::sum_i::<D<Dual<Mat<f64>>>, Nonlinear, Arr<3>, f64>() }
#[test] fn d_dual_mat_arr_vector_derivatives() { suite::vector_derivatives::<D<Dual<Mat<f64>>>, Nonlinear, Arr<3>>() }
#[test] fn d_dual_mat_arr_cocartesian_i() { suite::cocartesian_i::<D<Dual<Mat<f64>>>, Linear, Arr<3>, f64>() }
#[test] fn d_dual_mat_arr_zip_i() { suite::zip_i::<D<Dual<Mat<f64>>>, Arr<3>, f64>() }
#[test] fn d_dual_mat_svec_monoidal_i() { suite::monoidal_i::<D<Dual<Mat<f64>>>, Nonlinear, SVec<2>, f64>() }
#[test] fn d_dual_mat_svec_cartesian_i() { suite::cartesian_i::<D<Dual<Mat<f64>>>, Nonlinear, SVec<2>, f64>() }
#[test] fn d_dual_mat_svec_sum_i() { suite::sum_i::<D<Dual<Mat<f64>>>, Nonlinear, SVec<2>, f64>() }
#[test] fn d_dual_mat_svec_vector_derivatives() { suite::vector_derivatives::<D<Dual<Mat<f64>>>, Nonlinear, SVec<2>>() }
#[test] fn d_dual_mat_svec_cocartesian_i() { suite::cocartesian_i::<D<Dual<Mat<f64>>>, Linear, SVec<2>, f64>() }
#[test] fn d_dual_mat_svec_zip_i() { suite::zip_i::<D<Dual<Mat<f64>>>, SVec<2>, f64>() }
#[test] fn mat_dvec_cartesian_i() { suite::cartesian_i::<Mat<f64>, Linear, DVecLen, f64>() }
#[test] fn mat_dvec_cocartesian_i() { suite::cocartesian_i::<Mat<f64>, Linear, DVecLen, f64>() }
#[test] fn dual_mat_vec_cartesian_i() { suite::cartesian_i::<Dual<Mat<f64>>, Linear, VecLen, f64>() }
#[test] fn dual_mat_vec_cocartesian_i() { suite::cocartesian_i::<Dual<Mat<f64>>, Linear, VecLen, f64>() }
#[test] fn d_mat_vec_cocartesian_i() { suite::cocartesian_i::<D<Mat<f64>>, Linear, VecLen, f64>() }
#[test] fn d_mat_vec_sum_i() { suite::sum_i::<D<Mat<f64>>, Nonlinear, VecLen, f64>() }
#[test] fn d_mat_dvec_cartesian_i() { suite::cartesian_i::<D<Mat<f64>>, Nonlinear, DVecLen, f64>() }
