//! The vector-space laws of every object type catad has: scalars, `()`, tuples, arrays, `Vec`,
//! nalgebra's static and dynamic vectors and matrices, frunk's HLists, `#[derive(HasRep)]`
//! structs, and data (`Data`, of dimension 0); run-time-length parts of every length from 0 (the
//! empty zero) to 3.

use super::Params;
use catad::space::{Data, HasRep};
use catad_laws::random::{RandomShape, rep_shape};
use catad_laws::suite::space;
use frunk_core::HList;
use frunk_core::hlist::HNil;
use nalgebra::{DMatrix, DVector, SMatrix, SVector};
use quickcheck::Gen;

/// A tuple struct.
#[derive(Clone, Debug, HasRep)]
struct Point(f64, f64);

/// A struct without fields: the zero-dimensional space.
#[derive(Clone, Debug, HasRep)]
struct Origin;

/// A struct with a run-time-length field and a nested struct.
#[derive(Clone, Debug, HasRep)]
struct Layer {
    weights: Vec<[f64; 2]>,
    params: Params,
}

impl RandomShape for Point { fn random_shape(g: &mut Gen) -> Self { rep_shape(g) } }
impl RandomShape for Origin { fn random_shape(g: &mut Gen) -> Self { rep_shape(g) } }
impl RandomShape for Layer { fn random_shape(g: &mut Gen) -> Self { rep_shape(g) } }

// One line per object type.
#[test] fn scalar_f32() { space::<f32, f32>() }
#[test] fn scalar_f64() { space::<f64, f64>() }
#[test] fn unit() { space::<(), f64>() }
#[test] fn unit_over_f32() { space::<(), f32>() }
#[test] fn pair() { space::<(f64, f64), f64>() }
#[test] fn triple() { space::<(f64, f64, f64), f64>() }
#[test] fn quadruple() { space::<(f64, [f64; 2], f64, f64), f64>() }
#[test] fn nested_tuple() { space::<((f64, (f64, f64)), [f64; 2]), f64>() }
#[test] fn tuple_over_f32() { space::<(f32, [f32; 2]), f32>() }
#[test] fn array() { space::<[f64; 3], f64>() }
#[test] fn empty_array() { space::<[f64; 0], f64>() }
#[test] fn array_of_pairs() { space::<[(f64, f64); 2], f64>() }
#[test] fn array_of_arrays() { space::<[[f64; 2]; 2], f64>() }
#[test] fn vec() { space::<Vec<f64>, f64>() }
#[test] fn vec_over_f32() { space::<Vec<f32>, f32>() }
#[test] fn vec_of_arrays() { space::<Vec<[f64; 2]>, f64>() }
#[test] fn vec_of_vecs() { space::<Vec<Vec<f64>>, f64>() }
#[test] fn vec_of_tuples() { space::<Vec<(f64, Vec<f64>)>, f64>() }
#[test] fn svector() { space::<SVector<f64, 3>, f64>() }
#[test] fn smatrix() { space::<SMatrix<f64, 2, 3>, f64>() }
#[test] fn svector_of_pairs() { space::<SVector<(f64, f64), 2>, f64>() }
#[test] fn svector_over_f32() { space::<SVector<f32, 2>, f32>() }
#[test] fn dvector() { space::<DVector<f64>, f64>() }
#[test] fn dmatrix() { space::<DMatrix<f64>, f64>() }
#[test] fn dvector_of_arrays() { space::<DVector<[f64; 2]>, f64>() }
#[test] fn mixed_lengths() { space::<(Vec<f64>, SVector<f64, 2>, DVector<f64>), f64>() }
#[test] fn hlist() { space::<HList![f64, [f64; 2], (f64, f64)], f64>() }
#[test] fn hlist_with_vec() { space::<HList![Vec<f64>, f64], f64>() }
#[test] fn hnil() { space::<HNil, f64>() }
#[test] fn derived_struct() { space::<Params, f64>() }
#[test] fn derived_tuple_struct() { space::<Point, f64>() }
#[test] fn derived_unit_struct() { space::<Origin, f64>() }
#[test] fn derived_nested_struct() { space::<Layer, f64>() }
#[test] fn unit_in_tuple() { space::<((), f64), f64>() }
#[test] fn array_over_f32() { space::<[f32; 3], f32>() }
#[test] fn array_of_vecs() { space::<[Vec<f64>; 2], f64>() }
#[test] fn vec_of_svectors() { space::<Vec<SVector<f64, 2>>, f64>() }
#[test] fn vec_of_structs() { space::<Vec<Params>, f64>() }
#[test] fn vec_of_arrays_over_f32() { space::<Vec<[f32; 2]>, f32>() }
#[test] fn svector_of_arrays() { space::<SVector<[f64; 2], 2>, f64>() }
#[test] fn smatrix_over_f32() { space::<SMatrix<f32, 2, 2>, f32>() }
#[test] fn dvector_over_f32() { space::<DVector<f32>, f32>() }
#[test] fn dmatrix_over_f32() { space::<DMatrix<f32>, f32>() }
#[test] fn dmatrix_of_pairs() { space::<DMatrix<(f64, f64)>, f64>() }
#[test] fn dvector_of_vecs() { space::<DVector<Vec<f64>>, f64>() }
#[test] fn hlist_over_f32() { space::<HList![f32, [f32; 2]], f32>() }
#[test] fn hlist_of_hlists() { space::<HList![HList![f64, f64], Vec<f64>], f64>() }
#[test] fn hlist_with_struct() { space::<HList![Params, Point], f64>() }
#[test] fn struct_in_tuple() { space::<(Params, Vec<f64>), f64>() }
#[test] fn array_of_structs() { space::<[Point; 2], f64>() }
#[test] fn data() { space::<Data<Vec<Vec<f64>>>, f64>() }
#[test] fn data_in_tuple() { space::<(Vec<f64>, Data<(f64, Vec<f64>)>), f64>() }
#[test] fn data_over_f32() { space::<Data<Vec<f64>>, f32>() }
