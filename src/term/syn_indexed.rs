//! The indexed classes of [`Syn`] and its representations: over a container whose type fixes its
//! size (`Arr<N>`, `SVec<N>`), an object `H::Obj<A>` is its elements' coordinates one after
//! another, so each combinator is wiring — blocks of wires selected, repeated or summed — and
//! adds no node but the sums'. A run-time-length container (`VecLen`) has no fixed dimension,
//! and building a term over it panics, naming the type (see [`Syn`]).

use super::graph::Graph;
use super::op::Wire;
use super::syn::{Syn, build};
use super::term::{Term, dim};
use crate::space::{Additive, Container, HasRep};
use crate::vocabulary::{CartesianI, CocartesianI, Hom, MonoidalI, RepCat, SumCat, ZipI};

/// The input wires of `g` cut into `count` blocks of `size`.
fn blocks(g: &Graph, count: usize, size: usize) -> Vec<Vec<Wire>> {
    let wires = g.input_wires();
    (0..count)
        .map(|i| wires[i * size..(i + 1) * size].to_vec())
        .collect()
}

/// The coordinatewise sum of `blocks`, or zeros of `size` where there are none.
fn sum(g: &mut Graph, blocks: &[Vec<Wire>], size: usize) -> Vec<Wire> {
    (0..size)
        .map(|k| {
            let mut terms = blocks.iter().map(|b| b[k]);
            let first = terms.next().unwrap_or_else(|| g.constant(0.0));
            terms.fold(first, |acc, w| g.add(acc, w))
        })
        .collect()
}

impl<H: Container> MonoidalI<H> for Syn {
    /// `crossI fs`: each `fᵢ` appended, reading the `i`-th element's coordinates.
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Term<A, B>>,
    ) -> Term<H::Obj<A>, H::Obj<B>> {
        build(|g| {
            let inputs = blocks(g, h.size(), dim::<A>());
            h.items(&fs)
                .iter()
                .zip(inputs)
                .flat_map(|(f, x)| g.append(f.graph(), &x))
                .collect()
        })
    }
}

impl<H: Container> CartesianI<H> for Syn {
    fn ex_i<A: Additive>(h: H) -> H::Of<Term<H::Obj<A>, A>> {
        h.tabulate(|i| build(|g| blocks(g, h.size(), dim::<A>()).swap_remove(i)))
    }

    fn repl_i<A: Additive>(h: H) -> Term<A, H::Obj<A>> {
        build(|g| g.input_wires().repeat(h.size()))
    }
}

impl<H: Container> CocartesianI<H> for Syn {
    fn in_i<A: Additive>(h: H) -> H::Of<Term<A, H::Obj<A>>> {
        h.tabulate(|i| {
            build(|g| {
                let (n, zero) = (dim::<A>(), g.constant(0.0));
                let mut out = vec![zero; h.size() * n];
                out[i * n..(i + 1) * n].copy_from_slice(&g.input_wires());
                out
            })
        })
    }

    fn jam_i<A: Additive>(h: H) -> Term<H::Obj<A>, A> {
        Self::sum_c(h)
    }
}

impl<H: Container> ZipI<H> for Syn {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Term<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        let (a, b, n) = (dim::<A>(), dim::<B>(), h.size());
        build(|g| {
            let w = g.input_wires();
            let (xs, ys) = w.split_at(n * a);
            (0..n)
                .flat_map(|i| [&xs[i * a..(i + 1) * a], &ys[i * b..(i + 1) * b]].concat())
                .collect()
        })
    }

    fn unzip_i<A: Additive, B: Additive>(
        h: H,
    ) -> Hom<Self, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        let (a, b, n) = (dim::<A>(), dim::<B>(), h.size());
        build(|g| {
            let pairs = blocks(g, n, a + b);
            let xs = pairs.iter().flat_map(|p| p[..a].to_vec());
            let ys = pairs.iter().flat_map(|p| p[a..].to_vec());
            xs.chain(ys).collect()
        })
    }
}

impl<H: Container> SumCat<H> for Syn {
    fn sum_c<A: Additive>(h: H) -> Term<H::Obj<A>, A> {
        build(|g| {
            let n = dim::<A>();
            let elements = blocks(g, h.size(), n);
            sum(g, &elements, n)
        })
    }
}

/// A representation has its object's coordinates: `reprC` and `abstC` are identities on them.
impl RepCat for Syn {
    fn repr_c<A: HasRep>() -> Term<A, A::Rep> {
        Term::new(Graph::identity(dim::<A>()))
    }

    fn abst_c<A: HasRep>() -> Term<A::Rep, A> {
        Term::new(Graph::identity(dim::<A>()))
    }
}
