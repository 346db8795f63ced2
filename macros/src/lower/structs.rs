//! Structs that derive `HasRep`: their fields (`p.w`) and literals (`Params { w, b }`); and the
//! components `.0`, `.1`, … of pairs and tuples.

use super::{Lowering, Typed};
use crate::env::Env;
use crate::reject::{Rejection, Unsupported};
use crate::term::Term;
use crate::types::Ty;
use quote::ToTokens;
use syn::Member;

impl Lowering {
    /// `e.0`, `e.1` of a pair, `e.0` to `e.11` of a tuple; `e.field` (or `e.0`, …) of a struct.
    pub(super) fn field(&mut self, env: &Env, field: &syn::ExprField) -> syn::Result<Typed> {
        let (f, ty) = self.expr(env, &field.base)?;
        match (ty, &field.member) {
            (Ty::Struct(name), member) => Ok((
                Term::compose(Term::Field(name, member.to_token_stream()), f),
                Ty::Unknown,
            )),
            (ty @ (Ty::Pair(..) | Ty::Unknown), Member::Unnamed(index)) if index.index < 2 => {
                let right = index.index == 1;
                let ty = match ty {
                    Ty::Pair(a, b) => *if right { b } else { a },
                    _ => Ty::Unknown,
                };
                let projection = if right { Term::Exr } else { Term::Exl };
                Ok((Term::compose(projection, f), ty))
            }
            (Ty::Tuple(components), Member::Unnamed(index))
                if (index.index as usize) < components.len() =>
            {
                let (i, n) = (index.index as usize, components.len());
                let ty = components.into_iter().nth(i).expect("a component");
                Ok((Term::compose(Term::component(i, n), f), ty))
            }
            (Ty::Tuple(..), Member::Unnamed(index)) => Err(Unsupported::PairField.at(index)),
            (Ty::Pair(..), Member::Unnamed(index)) => Err(Unsupported::PairField.at(index)),
            (Ty::Unknown, member) => Err(Unsupported::FieldOfUnknown.at(member)),
            (other, _) => Err(Rejection::FieldsOf(other).at(&field.base)),
        }
    }

    /// `Params { w: e1, b: e2 }`: the struct built from its fields' programs, given in the order
    /// `#[derive(HasRep)]`'s `__catad_build` takes them.
    pub(super) fn literal_struct(&mut self, env: &Env, s: &syn::ExprStruct) -> syn::Result<Typed> {
        if let Some(qself) = &s.qself {
            return Err(Unsupported::QualifiedStruct.at(&qself.ty));
        }
        if let Some(rest) = &s.rest {
            return Err(Unsupported::StructUpdate.at(rest));
        }
        let members: Vec<Member> = s.fields.iter().map(|f| f.member.clone()).collect();
        let mut fields = Vec::with_capacity(members.len());
        for i in crate::derive_space::build_order(&members) {
            let (term, _) = self.expr(env, &s.fields[i].expr)?;
            fields.push((members[i].to_token_stream(), term));
        }
        self.types.structs = true;
        let path = s.path.to_token_stream();
        Ok((Term::Build(path.clone(), fields), Ty::Struct(path)))
    }
}
