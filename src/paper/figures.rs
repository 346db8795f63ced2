//! The paper's figures of programs and their derivatives (Figs. 2–5, 8, 9, 11, 12), drawn from
//! the programs of this module, staged in each figure's mode.

use super::{cos_sin_prod, cos_xyz, mag_sqr};
use crate::ad::{Forward, Reverse};
use crate::interpretations::{AddFun, Cont, D, Mat};
use crate::picture::Diagram;
use crate::staged::{Sym, compile};

/// One of the paper's figures, redrawn: a file name, the paper's caption and the diagram.
///
/// ```
/// let figures = catad::paper::figures();
/// let fig2 = &figures[0];
/// assert_eq!(fig2.name, "fig02-mag-sqr");
/// assert_eq!((fig2.diagram.count("mul"), fig2.diagram.count("add")), (2, 1));
/// ```
#[derive(Clone, Debug)]
pub struct Figure {
    /// A file name for it, without extension: `fig02-mag-sqr`.
    pub name: &'static str,
    /// The paper's caption, with the mode that draws it.
    pub caption: &'static str,
    /// The program or its derivative, as staged and simplified.
    pub diagram: Diagram,
}

/// The paper's figures of programs (Figs. 2, 3) and of their derivatives in forward mode
/// (`D<AddFun>`, Figs. 4, 5), in reverse mode by continuations (`D<Cont<AddFun, R>>`, Figs. 8, 9)
/// and by duals (`D<Dual<AddFun>>`, Figs. 11, 12), each the staged program that runs: a
/// derivative figure takes the tangent (forward) or the cotangent (reverse) as an input bundle.
/// Last, one the paper describes but does not draw: cosSinProd's Jacobian with derivatives as
/// matrices (`D<Mat<S>>`, §8–10), its four entries out.
///
/// ```
/// let names: Vec<&str> = catad::paper::figures().iter().map(|f| f.name).collect();
/// assert_eq!(names.len(), 9);
/// assert!(names.contains(&"fig12-cos-xyz-reverse"));
/// ```
pub fn figures() -> Vec<Figure> {
    let (a, ab) = ((3.0, 4.0), (1.0, 2.0));
    let xyz = ((1.0, 2.0), 3.0);
    vec![
        Figure {
            name: "fig02-mag-sqr",
            caption: "Fig. 2. magSqr",
            diagram: compile(&mag_sqr::<Forward, Sym>()).draw_apply(&a),
        },
        Figure {
            name: "fig03-cos-sin-prod",
            caption: "Fig. 3. cosSinProd",
            diagram: compile(&cos_sin_prod::<Forward, Sym>()).draw_apply(&ab),
        },
        Figure {
            name: "fig04-mag-sqr-forward",
            caption: "Fig. 4. D̂ magSqr, forward mode (Forward = D<AddFun>)",
            diagram: compile(&mag_sqr::<Forward, Sym>()).draw_jvp(&a, &(1.0, 0.0)),
        },
        Figure {
            name: "fig05-cos-sin-prod-forward",
            caption: "Fig. 5. D̂ cosSinProd, forward mode (Forward = D<AddFun>)",
            diagram: compile(&cos_sin_prod::<Forward, Sym>()).draw_jvp(&ab, &(1.0, 0.0)),
        },
        Figure {
            name: "fig08-mag-sqr-reverse-cont",
            caption: "Fig. 8. magSqr in D_Cont, reverse mode by continuations (the paper's D<Cont<AddFun, R>>)",
            diagram: compile(&mag_sqr::<D<Cont<AddFun, Sym>>, Sym>()).draw_vjp(&a, &1.0),
        },
        Figure {
            name: "fig09-cos-sin-prod-reverse-cont",
            caption: "Fig. 9. cosSinProd in D_Cont, reverse mode by continuations (the paper's D<Cont<AddFun, R>>)",
            diagram: compile(&cos_sin_prod::<D<Cont<AddFun, Sym>>, Sym>())
                .draw_vjp(&ab, &(1.0, 0.0)),
        },
        Figure {
            name: "fig11-mag-sqr-reverse",
            caption: "Fig. 11. magSqr in D_Dual, reverse mode by duals (Reverse = D<Dual<AddFun>>)",
            diagram: compile(&mag_sqr::<Reverse, Sym>()).draw_vjp(&a, &1.0),
        },
        Figure {
            name: "fig12-cos-xyz-reverse",
            caption: "Fig. 12. λ((x, y), z) → cos (x + y·z) in D_Dual (Reverse = D<Dual<AddFun>>)",
            diagram: compile(&cos_xyz::<Reverse, Sym>()).draw_vjp(&xyz, &1.0),
        },
        Figure {
            name: "mat-cos-sin-prod-jacobian",
            caption: "§8–10. cosSinProd's Jacobian, derivatives as matrices (D<Mat<S>>)",
            diagram: compile(&cos_sin_prod::<D<Mat<Sym>>, Sym>()).draw_jacobian(&ab),
        },
    ]
}
