//! # catad-macros: compiling ordinary Rust to categories
//!
//! The [`program`] attribute, re-exported as `catad::program`. It plays the part of the compiler
//! plugin in Elliott's *The Simple Essence of Automatic Differentiation* (§5, after *Compiling to
//! Categories*): ordinary Rust in, a program in catad's categorical vocabulary out, which every
//! category then interprets: `Fun` runs it, `Forward` and `Reverse` differentiate it.
//!
//! ```
//! #[catad::program]
//! fn mag_sqr(a: f64, b: f64) -> f64 {
//!     a * a + b * b
//! }
//!
//! use catad::prelude::*;
//! assert_eq!(mag_sqr::<Fun>().apply((3.0, 4.0)), 25.0);
//! assert_eq!(gradient(&mag_sqr::<Reverse>(), (3.0, 4.0)), (6.0, 8.0));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The pipeline of `#[catad::program]`: parse → lower → simplify → emit, driven by the table of
// primitives; the rejections and the generated names have modules of their own.
mod callee;
mod custom;
mod derive_space;
mod emit;
mod env;
mod expand;
mod lower;
mod names;
mod parse;
mod primitives;
mod print;
mod reject;
mod scalar_param;
mod simplify;
mod term;
mod types;

/// The guide `docs/macro.md`: its examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/macro.md")]
mod guide {}

use proc_macro::TokenStream;
use quote::ToTokens;

/// Compiles a function over scalars, pairs, vectors and structs into a program generic in the
/// category.
///
/// `#[catad::program] fn name(p1: T1, …, pn: Tn) -> R { body }` becomes
/// `fn name<K: catad::vocabulary::StraightLine<S>>() -> Hom<K, D, R>`, where `S` is the scalar type
/// (`f64` or `f32`, one per program) and the domain `D` is `()` for no parameter, `T1` for one, and
/// the tuple `(T1, …, Tn)` for several (up to twelve; the body reaches a tuple of more than two
/// through its representation, the left-nested pairs `((T1, T2), T3)`, with `RepCat`). Each class beyond `StraightLine<S>` the body
/// calls adds its bound (`Conditional` for an `if`, `Loops`, `VecCat`, `IndexCat`, `DataCat`), so a
/// straight-line program also runs in the syntax category of terms, `catad::term::Syn`. Each
/// vector shape the program names (`[T; N]`,
/// `SVector<T, N>`) adds a bound `catad::vocabulary::ProgramI<shape>`, a struct adds
/// `catad::vocabulary::RepCat`, and each program it calls adds that program's bound. The bound is
/// also emitted as a hidden trait named like the function, implemented by every category that has
/// it, which callers add to their own bound and call the program through. Visibility and
/// attributes are kept; a documented function's docs gain its categorical form, and
/// [`program_form!`] gives it at run time. The generated code is fully qualified and its type
/// parameter (`K`) is renamed if the function mentions `K`, so it never captures the user's names.
///
/// A program may be generic in its scalar too: its one type parameter, bounded by `Scalar`
/// (`catad::space::Scalar`), is the scalar type, and `fn f<S: Scalar>(…) -> R` becomes
/// `fn f<K: StraightLine<S> + …, S: Scalar>() -> Hom<K, D, R>`, the category first, as in
/// `catad::paper`.
/// It runs over `f64`, `f32`, or the symbolic scalar of `catad::staged`, which records it once
/// to be run from a tape. Its literals are `S::from_f64(…)`; its types are the scalar, `usize`,
/// `()`, pairs, `[T; N]` and `Vec<T>` (nalgebra's types and structs need a program over `f64` or
/// `f32`); it calls generic programs, and programs over `f64` or `f32` call it:
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::{Sym, compile};
///
/// #[catad::program]
/// fn cos_xyz<S: Scalar>(x: S, y: S, z: S) -> S {
///     (x + y * z).cos() * 2.0
/// }
///
/// let at = (0.5, -1.0, 2.0);
/// let staged = compile(&cos_xyz::<Reverse, Sym>());
/// let (dx, dy, dz) = staged.gradient(&at);
/// let (ex, ey, ez) = gradient(&cos_xyz::<Reverse, f64>(), at);
/// assert!((dx - ex).abs() + (dy - ey).abs() + (dz - ez).abs() < 1e-15);
/// assert_eq!(cos_xyz::<Fun, f32>().apply((0.0, 0.0, 1.0)), 2.0);
/// ```
///
/// `#[catad::program(checkpoint)]` makes the program a checkpoint
/// (`catad::vocabulary::Checkpoint`): reverse mode keeps its input rather than its derivative and
/// linearizes it again when the derivative is applied, time for memory.
///
/// # What a body may contain
///
/// - `let` bindings, with tuple patterns (`let (c, s) = …;`) and type annotations;
/// - pairs `(a, b)`, `()`, tuples of 3 to 12 components `(a, b, c)`, and their fields `.0`,
///   `.1`, …, as parameter and result types, expressions and `let` patterns (a tuple of more
///   than two is an object through its representation, the left-nested pairs: a bound
///   `catad::vocabulary::RepCat`);
/// - `+ - * /` and unary `-` on scalars, float literals (`2.0`) and constants (`PI`, `SCALE`);
/// - the methods `sin`, `cos`, `exp`, `ln`, `sqrt`, `tanh`, `recip`, `sinh`, `cosh`, `ln_1p`,
///   `exp_m1`, `abs`, `powi(n)` (`n` an integer literal), `powf`, `atan2`, `max`, `min`, and the
///   function `libm::erf`;
/// - calls to other `#[catad::program]` functions and to [`primitive!`]s (custom primitives, and
///   `catad::linalg`'s operations), with their arguments in order;
/// - `if`/`else` whose condition compares scalars (`<`, `<=`, `>`, `>=`, `==`, `!=`), combined with
///   `&&`, `||`, `!`;
/// - on vectors of a length fixed by their type (`[T; N]`, nalgebra's `SVector<T, N>`):
///   `xs.map(|x| …)`, `xs.zip_with(ys, |x, y| …)` (with a closure, which may use the program's
///   variables, or a program's path), `xs.sum()` and `xs.dot(ys)`;
/// - structs that derive `catad::space::HasRep`: fields `p.w` (`p.0`) and literals `Params { w, b }`;
/// - `Vec<T>` (a length read at run time) and `usize` (indices): `xs[i]`, `xs.len()`, index
///   arithmetic, `i as f64`, iterator chains (`xs.iter()` with `map`, `zip`, `enumerate`, `sum`,
///   `fold`, `collect`; ranges `(a..b).map(…)`);
/// - nalgebra's `DVector<f64>` and `DMatrix<f64>`, worked on whole by `catad::linalg`: `u + v`,
///   `u - v`, `s * v`, `v * s`, `m * v`, `a * b`, and the methods `dot`, `sum`, `norm_squared`,
///   `len`, `component_mul`, `transpose`, `tr_mul`;
/// - `let mut` variables, assignments (`x = e;`, `x += e;`), `if` statements that assign, and
///   the loops `for i in a..b { … }`, `for x in xs.iter() { … }` and `while c { … }`, whose state
///   is the `let mut` variables their body assigns;
/// - data: a parameter marked `#[data]` (`#[data] xs: Vec<Vec<f64>>`, `#[data] lambda: f64`) is
///   not differentiated and is shared, not copied: its type in the domain is
///   `catad::space::Data<T>`. A `#[data]` Vec is read by element (`xs.len()`, `xs[i]`,
///   `xs.iter()` zipped with other data, enumerated, mapped, folded, `for x in &xs`), other data
///   whole where they are used (`catad::vocabulary::DataCat`).
///
/// Anything else (`loop`, `break`, `continue`, assignments to other places, `&mut`, `return`,
/// `?`, `match`, other methods, recursion, struct patterns, generics other than the scalar's
/// parameter, …) is a compile error pointing at that
/// syntax, saying what to write instead. A program
/// so rejected still gets its signature, so the programs that call it compile: the rejection is
/// the only error.
///
/// # The translation
///
/// The body is compiled by the lambda-to-categories construction: a variable is a projection from
/// the environment (nested pairs of the parameters and `let` bindings), `let x = e; body` is
/// `body ∘ (id △ e)`, a pair is a fork `△`, an operator or method is its primitive composed after
/// the fork of its operands, and a call is a composition. `if c { f } else { g }` is
/// `cond(c, f, g)`, where the comparison's operands run as plain functions (`Fun`) on the primal
/// environment: a test chooses a branch and contributes no derivative. The terms are simplified by
/// laws that never duplicate work (`exl ∘ (f △ g) = f`, `(f ∘ h) △ (g ∘ h) = (f △ g) ∘ h`, …), so
/// a value bound by `let` is computed once however often it is used:
///
/// ```
/// use catad::prelude::*;
///
/// /// The paper's `cosSinProd`.
/// #[catad::program]
/// fn cos_sin_prod(x: f64, y: f64) -> (f64, f64) {
///     let z = x * y;
///     (z.cos(), z.sin())
/// }
/// // Compiled to `(cos_c △ sin_c) ∘ mul_c`, as in the paper.
/// let j = jacobian(&cos_sin_prod::<Reverse>(), (0.5, 2.0));
/// assert!((j[(1, 0)] - 2.0 * 1.0_f64.cos()).abs() < 1e-12);
///
/// #[catad::program]
/// fn soft_abs(x: f64) -> f64 {
///     if x.powi(2) < 1.0 { 0.5 * x * x } else { mag(x) - 0.5 }
/// }
/// #[catad::program]
/// fn mag(x: f64) -> f64 {
///     if x < 0.0 { -x } else { x }
/// }
/// assert_eq!(derivative(&soft_abs::<Forward>(), -3.0), -1.0);
/// assert_eq!(derivative(&soft_abs::<Forward>(), 0.5), 0.5);
/// ```
///
/// A vector method is an indexed operation (paper §15): `map` is `fmap`, `zip_with` is `fmap`
/// after `zipI`, `sum` is `sum_c`, and a closure that uses the program's variables is paired with
/// copies of them (`replI`):
///
/// ```
/// use catad::prelude::*;
///
/// /// The softmax-weighted mean of `v`, at inverse temperature `beta`.
/// #[catad::program]
/// fn soft_mean(v: [f64; 3], beta: f64) -> f64 {
///     let w = v.map(|x| (beta * x).exp());
///     w.dot(v) / w.sum()
/// }
/// let v = [1.0, 2.0, 3.0];
/// assert!((soft_mean::<Fun>().apply((v, 0.0)) - 2.0).abs() < 1e-12);
/// let (gv, gbeta) = gradient(&soft_mean::<Reverse>(), (v, 0.0));
/// // At β = 0 the weights are uniform: ∂/∂vᵢ = 1/3, and ∂/∂β is the variance of v, 2/3.
/// assert!(gv.iter().all(|g| (g - 1.0 / 3.0).abs() < 1e-12));
/// assert!((gbeta - 2.0 / 3.0).abs() < 1e-12);
/// ```
#[proc_macro_attribute]
pub fn program(attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand::Program::compile(attr.into(), item.into()) {
        Ok(program) => program.into_token_stream().into(),
        Err(error) => error.to_compile_error().into(),
    }
}

/// The categorical form of a [`macro@program`], in the paper's notation: a `&'static str`, usable in
/// constants.
///
/// `program_form!(path::to::name)` names the program by any path that reaches it, as a call
/// does. The form is the one the program was compiled to, simplified, as a documented program's
/// rustdoc shows it.
///
/// ```
/// use catad_macros::program_form;
///
/// mod programs {
///     #[catad::program]
///     pub fn sqr(a: f64) -> f64 {
///         a * a
///     }
///
///     #[catad::program]
///     pub fn mag_sqr(a: f64, b: f64) -> f64 {
///         sqr(a) + sqr(b)
///     }
/// }
///
/// const SQR: &str = program_form!(programs::sqr);
/// assert_eq!(SQR, "mul_c ∘ dup");
/// assert_eq!(program_form!(programs::mag_sqr), "add_c ∘ (sqr ∘ exl △ sqr ∘ exr)");
/// ```
#[proc_macro]
pub fn program_form(input: TokenStream) -> TokenStream {
    expand::program_form(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Declares primitives with hand-written derivatives that programs call like programs (JAX's
/// `custom_jvp`/`custom_vjp`), re-exported as `catad::primitive!`.
///
/// Each declaration is a function signature, ` = `, and a value whose type implements
/// `catad::vocabulary::Primitive<Domain, Codomain>`: its value and its derivative (the action and
/// the transpose's, so that forward and reverse mode both read it). It becomes
///
/// - the builder `fn name<K: catad::vocabulary::PrimitiveCat<S>>() -> Hom<K, Domain, Codomain>`,
///   `K::primitive(Rc::new(value))`, with the declaration's attributes and docs, usable in
///   combinators;
/// - the hidden trait a [`macro@program`] calls it through: `name(a, b)` in a program is the
///   primitive after `a △ b`, as a call of a program is.
///
/// The domain is formed from the parameter types as a program's is (`()`, `T`, `(T1, T2, T3)`);
/// the parameters' names only document. The scalar type `S` is the one the signature names (`f64`
/// if none), or the declaration's one type parameter, `fn dot<S: Scalar + RealField>(u:
/// DVector<S>, v: DVector<S>) -> S = Dot;`, for a primitive generic in the scalar (then the builder
/// is `dot::<K, S>()`, and a program infers `S` from the operands). [`program_form!`] of a
/// primitive is its name.
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::{LinearFn, Primitive, linear_fn};
/// use std::rc::Rc;
///
/// /// softplus x = ln(1 + eˣ), whose derivative is the logistic function σ(x).
/// struct Softplus;
///
/// impl Primitive<f64, f64> for Softplus {
///     fn name(&self) -> &str {
///         "softplus"
///     }
///     fn value(&self, x: &f64) -> f64 {
///         x.exp().ln_1p()
///     }
///     fn linearize(&self, x: &f64) -> (f64, Rc<dyn LinearFn<f64, f64>>) {
///         let s = 1.0 / (1.0 + (-x).exp());
///         let d = linear_fn(move |dx: &f64| s * dx, move |dy: &f64, acc: &mut f64| *acc += s * dy);
///         (self.value(x), d)
///     }
/// }
///
/// catad::primitive! {
///     /// ln(1 + eˣ), a smooth ReLU.
///     pub fn softplus(x: f64) -> f64 = Softplus;
/// }
///
/// #[catad::program]
/// fn loss(w: f64, x: f64) -> f64 {
///     softplus(w * x) - 0.5 * w
/// }
///
/// assert_eq!(softplus::<Fun>().apply(0.0), 2.0_f64.ln());
/// // ∂/∂w = σ(w x) · x − 0.5, ∂/∂x = σ(w x) · w: at w x = 0, σ = ½.
/// assert_eq!(gradient(&loss::<Reverse>(), (2.0, 0.0)), (-0.5, 1.0));
/// assert_eq!(gradient(&loss::<Forward>(), (2.0, 0.0)), (-0.5, 1.0));
/// assert_eq!(catad::program_form!(softplus), "softplus");
/// ```
///
/// The value may also be built from closures, by `catad::vocabulary::primitive`:
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::primitive;
///
/// catad::primitive! {
///     /// x³.
///     fn cube(x: f64) -> f64 = primitive("cube", |x: &f64| x.powi(3), |x: &f64| {
///         let d = 3.0 * x * x;
///         (move |dx: &f64| d * dx, move |dy: &f64, acc: &mut f64| *acc += d * dy)
///     });
/// }
///
/// #[catad::program]
/// fn f(x: f64) -> f64 {
///     cube(x.sin())
/// }
/// let x = 0.5_f64;
/// let expected = 3.0 * x.sin().powi(2) * x.cos();
/// assert!((derivative(&f::<Forward>(), x) - expected).abs() < 1e-15);
/// ```
#[proc_macro]
pub fn primitive(input: TokenStream) -> TokenStream {
    custom::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `catad::space::HasRep` for a struct, making it an object: a vector space through its
/// fields, so that a program can take it apart (`catad::vocabulary::RepCat`) and a gradient comes
/// back as the struct.
///
/// The representation of fields `f₁ … fₙ` (in declaration order) is `()` for none, `F₁` for one,
/// and the right-nested pairs `(F₁, (F₂, ⋯ (Fₙ₋₁, Fₙ)))` for more. Every field type must be an
/// object, and the struct `Clone` and `Debug`; enums and unions are rejected with an error at
/// their keyword.
///
/// For [`macro@program`]s that take the struct apart or build it, the derive also generates hidden
/// associated functions: one projection per field, `__catad_field_<field>` (`exl ∘ exr ∘ … ∘
/// reprC`), and `__catad_build` (`abstC ∘ (f₁ △ (f₂ △ ⋯))`, taking the fields' morphisms
/// ordered by name).
///
/// ```
/// use catad::prelude::*;
/// use catad::space::{HasRep, SVec};
/// use nalgebra::{SVector, Vector3};
///
/// #[derive(Clone, Debug, PartialEq, HasRep)]
/// struct Params {
///     w: SVector<f64, 3>,
///     b: f64,
/// }
///
/// // (⟨w, x⟩ + b − y)² for one data point (x, y).
/// fn loss<K>(x: Vector3<f64>, y: f64) -> Hom<K, Params, f64>
/// where
///     K: CocartesianI<SVec<3>> + Cartesian + NumCat<f64> + Scalable<f64> + RepCat,
/// {
///     let prediction = K::compose(
///         K::add_c(),
///         K::cross(dot_with::<K, SVec<3>, f64>(SVec, &x), K::id()),
///     );
///     let error = K::compose(K::sub_c(), K::fork(prediction, K::const_c(y)));
///     let square = K::compose(K::mul_c(), K::dup());
///     K::compose(square, K::compose(error, K::repr_c::<Params>()))
/// }
///
/// let p = Params { w: Vector3::new(1.0, 2.0, 3.0), b: 0.5 };
/// let (x, y) = (Vector3::new(1.0, 0.0, -1.0), 1.0);
/// let g: Params = gradient(&loss::<Reverse>(x, y), p.clone());
/// // error = 1 − 3 + 0.5 − 1 = −2.5, so ∂/∂w = 2 · (−2.5) · x and ∂/∂b = 2 · (−2.5).
/// assert_eq!(g, Params { w: Vector3::new(-5.0, 0.0, 5.0), b: -5.0 });
/// assert_eq!(gradient(&loss::<Forward>(x, y), p), g);
/// ```
///
/// # A struct generic in its scalar
///
/// A struct with exactly one type parameter, its scalar (`Params<S>`), also gets
/// `catad::space::Rescale`: for each scalar `s` of `f32`, `f64` and `catad::staged::Sym`, an
/// `impl Rescale<s> for Params<s>` whose `Over<T>` is `Params<T>`, rescaling field by field
/// through each field's own `Rescale`. So a program over `Params<S>` can be staged over `Sym` —
/// its Hessian (`catad::nested::hessian`), its gradient as a program
/// (`catad::nested::gradient_of`), its compilation (`catad::staged::compile`) — and run on the
/// user's `Params<f64>`. The parameter's bounds must hold for every `Scalar`, and every field
/// must rescale to the same field over `T` (scalars, vectors and matrices of `S`, and other such
/// structs). A struct with no type parameter gets no `Rescale`.
///
/// ```
/// use catad::nested::hessian;
/// use catad::prelude::*;
/// use catad::space::{HasRep, SVec};
/// use catad::staged::Sym;
/// use nalgebra::{DMatrix, SVector, Vector3};
///
/// #[derive(Clone, Debug, PartialEq, HasRep)]
/// struct Params<S: Scalar> {
///     w: SVector<S, 3>,
///     b: S,
/// }
///
/// // (⟨w, x⟩ + b − y)² for one data point (x, y), over any scalar.
/// fn loss<K, S>(x: Vector3<f64>, y: f64) -> Hom<K, Params<S>, S>
/// where
///     K: CocartesianI<SVec<3>> + Cartesian + NumCat<S> + Scalable<S> + RepCat,
///     S: Scalar,
/// {
///     let x = x.map(S::from_f64);
///     let prediction = K::compose(
///         K::add_c(),
///         K::cross(dot_with::<K, SVec<3>, S>(SVec, &x), K::id()),
///     );
///     let error = K::compose(K::sub_c(), K::fork(prediction, K::const_c(S::from_f64(y))));
///     let square = K::compose(K::mul_c(), K::dup());
///     K::compose(square, K::compose(error, K::repr_c::<Params<S>>()))
/// }
///
/// let p = Params { w: Vector3::new(1.0, 2.0, 3.0), b: 0.5 };
/// let (x, y) = (Vector3::new(1.0, 0.0, -1.0), 1.0);
/// // The Hessian of (⟨z, p⟩ − y)², z = (x, 1), is 2·zzᵀ.
/// let h: DMatrix<f64> = hessian(&loss::<Reverse, Sym>(x, y), p.clone());
/// let z = [1.0, 0.0, -1.0, 1.0];
/// assert_eq!(h, DMatrix::from_fn(4, 4, |i, j| 2.0 * z[i] * z[j]));
/// let g: Params<f64> = gradient(&loss::<Reverse, f64>(x, y), p);
/// assert_eq!(g, Params { w: Vector3::new(-5.0, 0.0, 5.0), b: -5.0 });
/// ```
#[proc_macro_derive(HasRep)]
pub fn derive_has_rep(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    derive_space::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
