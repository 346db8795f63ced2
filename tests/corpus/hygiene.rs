//! The generated code captures none of the user's names and is captured by none: the programs
//! below sit next to constants and types named like every name `#[catad::program]` and
//! `#[derive(HasRep)]` generate (the category `K`, the environment `E` and their fallbacks, the
//! hidden items), like the variables a derive would bind (`rep`, `field_0`), and next to a trait,
//! in scope and implemented for every type, whose methods are named like the vocabulary's.

#![allow(non_upper_case_globals, non_camel_case_types, dead_code)]

use catad::prelude::*;
use catad::space::HasRep;

/// The length of the programs' vectors, named like the category parameter.
const K: usize = 3;
/// Named like the derive's environment parameter.
const E: usize = 2;
/// Named like variables a derive would bind: a binding may not share a constant's name.
const rep: f64 = 0.0;
const field_0: f64 = 0.0;
const field_1: f64 = 0.0;
const __catad_program: f64 = 0.0;
const __CATAD_FORM: f64 = 0.0;
const __catad_build: f64 = 0.0;
const __catad_field_w: f64 = 0.0;
/// Types named like the generated type parameters and their fallbacks.
type __CatadK = f64;
struct __CatadE {}

/// Methods named like the vocabulary's, for every type: generated code that called a method
/// by its name alone, or on `K::`, would find these too and not compile.
trait Lookalikes {
    fn id(&self) {}
    fn compose(&self) {}
    fn fork(&self) {}
    fn exl(&self) {}
    fn exr(&self) {}
    fn dup(&self) {}
    fn it(&self) {}
    fn add_c(&self) {}
    fn mul_c(&self) {}
    fn powi_c(&self) {}
    fn const_c(&self) {}
    fn cond(&self) {}
    fn fmap(&self) {}
    fn zip_i(&self) {}
    fn repl_i(&self) {}
    fn sum_c(&self) {}
    fn repr_c(&self) {}
    fn abst_c(&self) {}
    fn and(self, _: &Self)
    where
        Self: Sized,
    {
    }
    fn not(self)
    where
        Self: Sized,
    {
    }
    fn into_fn(self)
    where
        Self: Sized,
    {
    }
}

impl<T> Lookalikes for T {}

/// A struct whose field lengths are the constants `K` and `E`.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Layer {
    w: [f64; K],
    b: [f64; E],
}

/// Every construct, in a program whose vectors have length `K`.
#[catad::program]
fn score(layer: Layer, x: [f64; K], s: f64) -> f64 {
    let w: [f64; K] = layer.w;
    let b: [f64; E] = layer.b;
    let z = w.zip_with(x, |wi, xi| wi * xi * s).sum() + b.sum();
    if z > 0.0 && !(s < -1.0) {
        z.powi(2)
    } else {
        shrink(z)
    }
}

#[catad::program]
fn shrink(z: f64) -> f64 {
    0.5 * z
}

/// A struct literal, built from the fields.
#[catad::program]
fn scaled(layer: Layer, s: f64) -> Layer {
    let (w, b): ([f64; K], [f64; E]) = (layer.w, layer.b);
    Layer {
        w: w.map(|wi| wi * s),
        b: b.map(|bi| bi + s),
    }
}

#[test]
fn programs_next_to_lookalike_names_compute_what_they_say() {
    let layer = Layer {
        w: [1.0, 2.0, 3.0],
        b: [0.5, -0.5],
    };
    let x = [1.0, 0.0, -1.0];
    // z = 2 · (1 − 3) = −4 at s = 2: the `else` branch, z / 2.
    let input = (layer.clone(), x, 2.0);
    assert_eq!(score::<Fun>().apply(input.clone()), -2.0);
    let (g_layer, g_x, g_s) = gradient(&score::<Reverse>(), input);
    assert_eq!(
        g_layer,
        Layer {
            w: [1.0, 0.0, -1.0],
            b: [0.5, 0.5]
        }
    );
    assert_eq!((g_x, g_s), ([1.0, 2.0, 3.0], -1.0));
    let scaled_layer = scaled::<Fun>().apply((layer, 2.0));
    assert_eq!(
        scaled_layer,
        Layer {
            w: [2.0, 4.0, 6.0],
            b: [2.5, 1.5]
        }
    );
    assert_eq!(
        catad_macros::program_form!(shrink),
        "mul_c ∘ (const_c(0.5) △ id)"
    );
}
