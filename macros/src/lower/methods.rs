//! Method calls, dispatched on the type of their receiver: the methods of `DVector`s and
//! `DMatrix`es (`catad::linalg`), of run-time vectors and their iterators, of `#[data]` Vecs and
//! their iterators, the vector methods of vectors of a fixed length, and the scalar methods of the
//! table of primitives. `clone` (and `to_owned`) reads the value, as objects are values.

use super::linalg::is_linalg_only_method;
use super::runtime::{TURBOFISH_METHODS, is_run_time_method};
use super::vectors::is_vector_method;
use super::{Lowering, Typed};
use crate::env::Env;
use crate::reject::{Rejection, Unsupported};
use crate::types::Ty;

impl Lowering {
    /// `x.method(args)`.
    pub(super) fn method(&mut self, env: &Env, call: &syn::ExprMethodCall) -> syn::Result<Typed> {
        let name = call.method.to_string();
        if let Some(turbofish) = &call.turbofish
            && !TURBOFISH_METHODS.contains(&name.as_str())
        {
            return Err(Unsupported::MethodTypeArguments.at(turbofish));
        }
        let receiver = self.operand(env, &call.receiver)?;
        match (&receiver.1, name.as_str()) {
            (_, "clone" | "to_owned") if call.args.is_empty() => Ok(receiver),
            (Ty::Linalg(_), _) => self.linalg_method(env, call, receiver),
            (Ty::Unknown, _) if is_linalg_only_method(&name) => {
                self.linalg_method(env, call, receiver)
            }
            (Ty::Data(_), _) => self.data_method(call, receiver),
            (Ty::View(_), _) => self.view_method(env, call, receiver),
            (Ty::Vec(_) | Ty::Iter(_) | Ty::Range, _) => self.run_time_method(env, call, receiver),
            (Ty::Unknown, _) if is_run_time_method(&name) && !is_vector_method(&name) => {
                Err(Rejection::VectorOfUnknownShape(name).at(&call.receiver))
            }
            _ if is_vector_method(&name) => self.vector_method(env, call, receiver),
            _ => self.scalar_method(env, call, receiver),
        }
    }
}
